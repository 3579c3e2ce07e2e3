import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const results = (name: string) => new URL(`../test-results/${name}`, import.meta.url).pathname;

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  // A worker a core, up to four: with one, a 2-core machine was mostly
  // idle, each test waiting on its page most of its time.
  // Every test opens a context of its own and none needs another to have
  // run first, so a spec's tests are spread over the workers too.
  workers: Math.min(4, availableParallelism()),
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds the one-line summary of `make test` (.ci/summary.mjs).
  reporter: [['list'], ['json', { outputFile: results('e2e.json') }]],
  // Playwright empties its output folder at start: give it its own, so the
  // other suites' results beside it survive.
  outputDir: results('playwright'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM || '/usr/bin/chromium' },
    // Traced only when a failed test runs again (CI retries once): tracing
    // every test, to keep the failures' traces, cost a quarter of the
    // suite's time. A local run traces with --trace on.
    trace: 'on-first-retry',
  },
  webServer: {
    // A compiled binary, not `go run`: killing `go run` would leave its child holding the port.
    command: `bin/docs serve -dir site/dist -addr 127.0.0.1:${port}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
  },
});

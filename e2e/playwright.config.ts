import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const results = (name: string) => new URL(`../test-results/${name}`, import.meta.url).pathname;

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  // Two cores here: one worker keeps timings honest and the machine responsive.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds the one-line summary of `make test` (.ci/summary.mjs).
  reporter: [['list'], ['json', { outputFile: results('e2e.json') }]],
  // Playwright empties its output folder at start: give it its own, so the
  // other suites' results beside it survive.
  outputDir: results('playwright'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM || '/usr/bin/chromium' },
    trace: 'retain-on-failure',
  },
  webServer: {
    // A compiled binary, not `go run`: killing `go run` would leave its child holding the port.
    command: `bin/docs serve -dir site/dist -addr 127.0.0.1:${port}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
  },
});

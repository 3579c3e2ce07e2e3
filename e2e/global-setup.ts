// Names the browser before the first test, and leaves its name beside the
// results for the summary line of `make test`: Debian's Chromium differs
// from machine to machine, and a result means little without it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium, type FullConfig } from '@playwright/test';

const browserFile = new URL('../test-results/browser.txt', import.meta.url).pathname;

export default async function globalSetup(config: FullConfig) {
  const executablePath = config.projects[0].use.launchOptions?.executablePath;
  const browser = await chromium.launch({ executablePath });
  const line = `Chromium ${browser.version()} at ${executablePath}`;
  await browser.close();
  console.log(`playwright: ${line}`);
  mkdirSync(dirname(browserFile), { recursive: true });
  writeFileSync(browserFile, `${line}\n`);
}

// Run with `node --test .ci/` (part of `make test`).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const summary = join(import.meta.dirname, 'summary.mjs');

/** The summary's output for a results folder holding these files. */
function run(files) {
  const dir = mkdtempSync(join(tmpdir(), 'summary-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  try {
    return { code: 0, out: execFileSync('node', [summary, dir], { encoding: 'utf8' }) };
  } catch (e) {
    return { code: e.status, out: e.stdout };
  }
}

const go = [
  { Action: 'pass', Package: 'p', Test: 'TestA' },
  { Action: 'output', Package: 'p', Test: 'TestB', Output: '--- SKIP: TestB\n    needs a browser\n' },
  { Action: 'skip', Package: 'p', Test: 'TestB' },
].map((e) => JSON.stringify(e)).join('\n');
const e2e = JSON.stringify({ suites: [{ specs: [{ file: 'a.spec.ts', title: 'opens', tests: [{ status: 'expected' }] }] }] });

// A proof skipped on a machine without what it needs is counted as a skip,
// with its reason, never as a pass or a failure.
test('a skipped step is counted and says why', () => {
  const { code, out } = run({
    'go.json': go, 'e2e.json': e2e,
    'steps.txt': 'pass make build\nskip make shell-check: no /usr/bin/chromium-headless-shell: apt has no chromium-headless-shell here\n',
  });
  assert.equal(code, 0, out);
  assert.match(out, /^- step: make shell-check: no \/usr\/bin\/chromium-headless-shell: apt has no chromium-headless-shell here$/m);
  assert.match(out, /^- go: p TestB: needs a browser$/m);
  assert.match(out, /\n3 passed, 0 failed, 2 skipped\n$/);
});

test('a failed step fails the run', () => {
  const { code, out } = run({ 'go.json': go, 'e2e.json': e2e, 'steps.txt': 'fail make docusaurus-check\n' });
  assert.equal(code, 1, out);
  assert.match(out, /^- step failed: make docusaurus-check$/m);
  assert.match(out, /\n2 passed, 1 failed, 1 skipped\n$/);
});

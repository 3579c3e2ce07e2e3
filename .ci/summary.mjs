// Prints failing tests and one plain line "N passed, N failed" from the
// results in a directory: go.json (`go test -json`), e2e.json (Playwright's
// JSON reporter) and steps.txt ("pass|fail <command>" per build step, or
// "skip <command>: why"), after
// the browser they ran in (browser.txt, written by the Playwright setup).
// A missing results file counts as one failure: a suite that did not run did not pass.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
const goFile = join(dir, 'go.json'), e2eFile = join(dir, 'e2e.json'), stepsFile = join(dir, 'steps.txt'), browserFile = join(dir, 'browser.txt');
let passed = 0, failed = 0, skipped = 0;
const failures = [], skips = [];

function goResults(file) {
  if (!existsSync(file)) { failed++; failures.push(`go test: no results in ${file}`); return; }
  const output = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const ev = JSON.parse(line);
    if (!ev.Test) {
      if (ev.Action === 'fail' && ev.Package) { failed++; failures.push(`go: package ${ev.Package} failed`); }
      continue;
    }
    const key = `${ev.Package} ${ev.Test}`;
    if (ev.Action === 'output') output.set(key, (output.get(key) ?? '') + ev.Output);
    if (ev.Action === 'pass') passed++;
    if (ev.Action === 'skip') { skipped++; skips.push(`go: ${key}: ${skipReason(output.get(key))}`); }
    if (ev.Action === 'fail') { failed++; failures.push(`go: ${key}\n${output.get(key) ?? ''}`); }
  }
}

// The message of a go test t.Skip: the indented lines after "--- SKIP".
function skipReason(out = '') {
  const lines = out.split('\n').map((l) => l.trim()).filter((l) => l && !/^(=== |--- SKIP)/.test(l));
  return lines.join(' ') || 'no reason given';
}

function e2eResults(file) {
  if (!existsSync(file)) { failed++; failures.push(`playwright: no results in ${file}`); return; }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) {
      if (t.status === 'skipped') {
        skipped++;
        const why = (t.annotations ?? []).find((a) => a.type === 'skip')?.description;
        skips.push(`e2e: ${spec.file}: ${spec.title}: ${why ?? 'no reason given'}`);
      }
      else if (t.status === 'expected' || t.status === 'flaky') passed++;
      else { failed++; failures.push(`e2e: ${spec.file}: ${spec.title}`); }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites ?? []) walk(s);
  for (const e of report.errors ?? []) { failed++; failures.push(`e2e: ${e.message ?? e}`); }
}

function stepResults(file) {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const [verdict, ...cmd] = line.split(' ');
    if (verdict === 'pass') passed++;
    else if (verdict === 'skip') { skipped++; skips.push(`step: ${cmd.join(' ')}`); }
    else { failed++; failures.push(`step failed: ${cmd.join(' ')}`); }
  }
}

stepResults(stepsFile);
goResults(goFile);
e2eResults(e2eFile);
if (failures.length) console.log(`\nFailures:\n${failures.map((f) => `- ${f.trim()}`).join('\n')}\n`);
if (skips.length) console.log(`\nSkipped:\n${skips.map((f) => `- ${f}`).join('\n')}\n`);
console.log(`browser: ${existsSync(browserFile) ? readFileSync(browserFile, 'utf8').trim() : 'unknown (the Playwright run did not start)'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

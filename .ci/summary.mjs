// Prints failing tests and one plain line "N passed, N failed" from the
// results in a directory: go.json (`go test -json`), e2e.json (Playwright's
// JSON reporter) and steps.txt ("pass|fail <command>" per build step).
// A missing results file counts as one failure: a suite that did not run did not pass.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
const goFile = join(dir, 'go.json'), e2eFile = join(dir, 'e2e.json'), stepsFile = join(dir, 'steps.txt');
let passed = 0, failed = 0, skipped = 0;
const failures = [];

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
    if (ev.Action === 'skip') skipped++;
    if (ev.Action === 'fail') { failed++; failures.push(`go: ${key}\n${output.get(key) ?? ''}`); }
  }
}

function e2eResults(file) {
  if (!existsSync(file)) { failed++; failures.push(`playwright: no results in ${file}`); return; }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) {
      if (t.status === 'skipped') skipped++;
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
    else { failed++; failures.push(`step failed: ${cmd.join(' ')}`); }
  }
}

stepResults(stepsFile);
goResults(goFile);
e2eResults(e2eFile);
if (failures.length) console.log(`\nFailures:\n${failures.map((f) => `- ${f.trim()}`).join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

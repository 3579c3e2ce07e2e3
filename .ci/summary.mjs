// Prints failing tests and one plain line "N passed, N failed" from the
// results of `go test -json` and Playwright's JSON reporter. A missing
// results file counts as one failure: a suite that did not run did not pass.
import { existsSync, readFileSync } from 'node:fs';

const [goFile, e2eFile] = process.argv.slice(2);
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

goResults(goFile);
e2eResults(e2eFile);
if (failures.length) console.log(`\nFailures:\n${failures.map((f) => `- ${f.trim()}`).join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

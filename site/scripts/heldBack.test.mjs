// Run with `node --test site/scripts/` (part of `make test`). The npm
// packages held back so that Node 20 installs without EBADENGINE are listed in
// docs/development.md's table; this keeps that table and package.json agreeing, and
// fails once Node 20 is no longer supported, so the holds are lifted then.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const page = readFileSync(new URL('docs/development.md', root), 'utf8');
const table = page.split('<!-- held-back packages:')[1]?.split('\n\n')[0] ?? '';
const held = [...table.matchAll(/^\| `([^`]+)` \| ([0-9][^ |]*) \|/gm)].map(([, name, version]) => ({ name, version }));
const pinned = (name) => pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];

test('docs/development.md lists the held-back packages', () => {
  assert.ok(held.length > 0, 'no table of held-back packages in docs/development.md');
});

test('each held-back package is pinned at exactly the version docs/development.md gives', () => {
  for (const { name, version } of held) assert.equal(pinned(name), version, `${name} in package.json`);
});

test('the holds last only while Node 20 is supported', () => {
  const node20 = /(^|\|\|)\s*\^20\./.test(pkg.engines.node);
  assert.ok(node20, `engines.node is ${pkg.engines.node}: Node 20 is no longer supported, so lift ${held.map((h) => h.name).join(', ')} to their latest releases and delete the table in docs/development.md`);
});

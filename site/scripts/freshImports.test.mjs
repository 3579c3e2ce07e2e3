import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { init } from 'es-module-lexer';
import { rewriteDynamicImports } from './freshImports.mjs';
import { freshImport } from '../src/lib/freshImport.js';

await init;

test('dynamic imports of sibling chunks go through __freshImport with the chunk\'s own URL as base', () => {
  const code = 'const a=()=>D(()=>import(`./page-Ab12.js`),[]),b=()=>import("../x/y.js");';
  const r = rewriteDynamicImports(code);
  assert.equal(r.code, 'const a=()=>D(()=>__freshImport(`./page-Ab12.js`,import.meta.url),[]),b=()=>__freshImport("../x/y.js",import.meta.url);');
  assert.equal(r.count, 2);
});

test('computed, bare and attributed imports, and import() inside strings, stay as written', () => {
  const code = 'import(u);import(`./t${a}.js`);import("react");import("./d.json",{with:{type:"json"}});const s="import(`./q.js`)";';
  assert.deepEqual(rewriteDynamicImports(code), { code, count: 0 });
});

test('a chunk that fails is asked for again at once under a new URL, which is then kept', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fresh-import-'));
  const base = pathToFileURL(join(dir, 'importer.js')).href;
  await assert.rejects(freshImport('./chunk.js', base)); // two attempts: chunk.js, chunk.js?retry=1
  // Each module reports the URL it was loaded under.
  writeFileSync(join(dir, 'chunk.js'), 'export default import.meta.url;');
  const loaded = (await freshImport('./chunk.js', base)).default;
  assert.match(loaded, /\/chunk\.js\?retry=2$/);
  assert.equal((await freshImport('./chunk.js', base)).default, loaded);
  writeFileSync(join(dir, 'other.js'), 'export default import.meta.url;');
  assert.match((await freshImport('./other.js', base)).default, /\/other\.js$/);
});

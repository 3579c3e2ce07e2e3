import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkRef, resolveChunkRefs, sizeRef } from './routeTables.mjs';

const chunk = (fileName, code, facadeModuleId) => ({ type: 'chunk', fileName, code, facadeModuleId });

test('chunk references become file names relative to the chunk that holds them, in any quotes', () => {
  const bundle = {
    table: chunk('assets/routes-1_2-Ab.js', `const f={a:"${chunkRef('/g/pages/a.json')}",b:\`${chunkRef('/g/pages/b.json')}\`};`),
    a: chunk('assets/a-Cd.js', 'export default 1', '/g/pages/a.json'),
    b: chunk('assets/deep/b-Ef.js', 'export default 2', '/g/pages/b.json'),
    css: { type: 'asset', fileName: 'assets/x.css', source: '' },
  };
  resolveChunkRefs(bundle);
  assert.equal(bundle.table.code, 'const f={a:"./a-Cd.js",b:"./deep/b-Ef.js"};');
  assert.equal(bundle.a.code, 'export default 1');
});

test('a size reference becomes the number of bytes of that chunk', () => {
  const bundle = {
    table: chunk('assets/t.js', `const f={a:["${chunkRef('/g/pages/a.json')}","${sizeRef('/g/pages/a.json')}"]};`),
    a: chunk('assets/a.js', 'export default "é"', '/g/pages/a.json'),
  };
  resolveChunkRefs(bundle);
  assert.equal(bundle.table.code, 'const f={a:["./a.js",19]};');
});

test('a reference to a module no chunk was built from stops the build, naming it', () => {
  const bundle = { table: chunk('assets/t.js', `x="${chunkRef('/g/pages/gone.json')}"`) };
  assert.throws(() => resolveChunkRefs(bundle), /no chunk was built from \/g\/pages\/gone\.json/);
});

// The build half of site/src/lib/freshImport.js: after bundling, every
// dynamic import of a sibling chunk, import(`./x-Ab12.js`), becomes
// __freshImport(`./x-Ab12.js`,import.meta.url), so a Retry after a failed
// load asks for the chunk under a new URL. It runs on the finished chunks
// because only there are the chunk file names known; es-module-lexer finds
// the imports (never text inside strings or comments).
import { init, parse } from 'es-module-lexer';
import { FRESH_IMPORT } from '../src/lib/freshImport.js';

/**
 * Rewrites the dynamic imports of relative string specifiers. Imports with
 * a computed specifier, a bare one, or import attributes are left as written.
 * Call after `await init` (es-module-lexer).
 * @param {string} code a chunk's code
 * @returns {{ code: string, count: number }}
 */
export function rewriteDynamicImports(code) {
  const [imports] = parse(code);
  let out = '';
  let last = 0;
  let count = 0;
  for (const i of imports) {
    // Only import(specifier): nothing but ")" after it (no options argument).
    const plain = code.slice(i.end, i.importEnd).trim() === ')';
    if (i.type !== 'dynamic' || i.glob || !plain || !/^\.\.?\//.test(i.specifier ?? '')) continue;
    out += `${code.slice(last, i.importStart)}${FRESH_IMPORT}(${code.slice(i.start, i.end)},import.meta.url)`;
    last = i.importEnd;
    count++;
  }
  return { code: out + code.slice(last), count };
}

/** The Vite plugin, for the client build only (the server build never retries). */
export function freshImports() {
  return {
    name: 'devdocs:fresh-imports',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_, bundle) {
        await init;
        let count = 0;
        let entryDefinesIt = false;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          if (chunk.isEntry && chunk.moduleIds.some((id) => /[\\/]lib[\\/]freshImport\.js$/.test(id))) entryDefinesIt = true;
          const r = rewriteDynamicImports(chunk.code);
          chunk.code = r.code;
          count += r.count;
        }
        if (count && !entryDefinesIt) this.error(`rewrote ${count} dynamic imports to ${FRESH_IMPORT}, but no entry chunk includes src/lib/freshImport.js, which defines it`);
      },
    },
  };
}

import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { renderMath } from './scripts/katex.mjs';
import { headScript } from './scripts/headScript.mjs';
import { routeTables } from './scripts/routeTables.mjs';
import { freshImports } from './scripts/freshImports.mjs';
import { DOCSEARCH_BUNDLE, fixDocSearch } from './scripts/docsearchFix.mjs';
import { siteConfig } from './src/config.ts';
import { pack } from './src/search/pack.js';
import type { PageRecord } from './src/lib/types';

// Page records (.generated/pages/*.json, written by `docs build`) carry math
// as placeholders, and hasMath when they have any; this renders them with
// KaTeX while bundling, so readers download finished HTML and no math engine.
function katexPages(): Plugin {
  return {
    name: 'devdocs:katex',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]\.generated[\\/]pages[\\/][^\\/]+\.json$/.test(id) || !/"hasMath":\s*true/.test(code)) return null;
      const record: PageRecord = JSON.parse(code);
      if (!record.hasMath) return null;
      try {
        record.html = renderMath(record.html);
      } catch (e) {
        this.error(`${record.source}:${(e as { line?: number }).line ?? 0}: ${(e as Error).message}`);
      }
      return { code: JSON.stringify(record), map: null };
    },
  };
}

// Search records (.generated/search/<version>.json, DocSearch-shaped, written
// by `docs build`) are shipped in their packed form, a third of the size:
// each is one lazily loaded chunk the offline search fetches on first use.
function searchRecords(): Plugin {
  return {
    name: 'devdocs:search-records',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]\.generated[\\/]search[\\/][^\\/]+\.json$/.test(id)) return null;
      return { code: JSON.stringify(pack(JSON.parse(code))), map: null };
    },
  };
}

// DocSearch 3.9.0 never shows its error screen, and its modal has two ARIA
// faults (see scripts/docsearchFix.mjs).
function docsearchFixes(): Plugin {
  return {
    name: 'devdocs:docsearch-fixes',
    transform: (code, id) => (DOCSEARCH_BUNDLE.test(id) ? { code: fixDocSearch(code), map: null } : null),
  };
}

// Puts the head script (colour mode, announcement bar, base-URL banner) first
// in <head>, built from the same names module the React contexts use, and the
// locale on <html>.
function inlineHeadScript(): Plugin {
  return {
    name: 'devdocs:head-script',
    transformIndexHtml: (html) => html
      .replace('<!--head-script-->', `<script>${headScript(siteConfig)}</script>`)
      .replace('__LANG__', siteConfig.locale.lang)
      .replace('__DIR__', siteConfig.locale.direction),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [routeTables(`${import.meta.dirname}/.generated`), katexPages(), searchRecords(), docsearchFixes(), inlineHeadScript(), react(), !isSsrBuild && freshImports()],
  json: { stringify: true },
  build: {
    outDir: isSsrBuild ? '.ssr' : 'dist',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    // Many small per-page chunks are the point: keep Vite from warning on them.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // search-api-1.2-<hash>.js, so the search files stand apart from the page chunks.
      output: { chunkFileNames: (c) => (/[\\/]\.generated[\\/]search[\\/]/.test(c.facadeModuleId ?? '') ? 'assets/search-[name]-[hash].js' : 'assets/[name]-[hash].js') },
    },
  },
  // DocSearch ships ESM without an "exports" map, which Node cannot import
  // by name: the server build bundles it instead.
  ssr: { noExternal: ['@docsearch/react', '@docsearch/css'] },
  // Served through the plugins in dev too, so the error-screen fix applies there.
  optimizeDeps: { exclude: ['@docsearch/react'] },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1' },
}));

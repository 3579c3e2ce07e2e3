import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { renderMath } from './scripts/katex.mjs';
import { headScript } from './scripts/headScript.mjs';
import { routeTables } from './scripts/routeTables.mjs';
import { siteConfig } from './src/config.ts';

// Page records (.generated/pages/*.json, written by `docs build`) carry math
// as placeholders; this renders them with KaTeX while bundling, so readers
// download finished HTML and no math engine.
function katexPages(): Plugin {
  return {
    name: 'devdocs:katex',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]\.generated[\\/]pages[\\/][^\\/]+\.json$/.test(id) || !code.includes('class=\\"math ')) return null;
      const record = JSON.parse(code);
      try {
        record.html = renderMath(record.html);
        record.hasMath = true; // the page needs the KaTeX stylesheet
      } catch (e) {
        this.error(`${record.source}:${(e as { line?: number }).line ?? 0}: ${(e as Error).message}`);
      }
      return { code: JSON.stringify(record), map: null };
    },
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
  plugins: [routeTables(`${import.meta.dirname}/.generated`), katexPages(), inlineHeadScript(), react()],
  json: { stringify: true },
  build: {
    outDir: isSsrBuild ? '.ssr' : 'dist',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    // Many small per-page chunks are the point: keep Vite from warning on them.
    chunkSizeWarningLimit: 600,
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1' },
}));

import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { renderMath } from './scripts/katex.mjs';
import { diagramRenderer, diskCache, mermaidConfig, palette } from './scripts/diagrams.mjs';
import { MERMAID_VERSION, chromiumPath, openMermaid } from './scripts/mermaid.mjs';
import { headScript } from './scripts/headScript.mjs';
import { routeTables } from './scripts/routeTables.mjs';
import { freshImports } from './scripts/freshImports.mjs';
import { DOCSEARCH_BUNDLE, fixDocSearch } from './scripts/docsearchFix.mjs';
import { siteConfig } from './src/config.ts';
import { pack } from './src/search/pack.js';
import type { PageRecord } from './src/lib/types';

/** A page record, .generated/pages/*.json, written by `docs build`. */
const PAGE_RECORD = /[\\/]\.generated[\\/]pages[\\/][^\\/]+\.json$/;

// Page records carry math
// as placeholders, and hasMath when they have any; this renders them with
// KaTeX while bundling, so readers download finished HTML and no math engine.
function katexPages(): Plugin {
  return {
    name: 'devdocs:katex',
    enforce: 'pre',
    transform(code, id) {
      if (!PAGE_RECORD.test(id) || !/"hasMath":\s*true/.test(code)) return null;
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

// Page records carry mermaid diagrams as placeholders (a captioned code
// block); this draws them as SVG in headless Chromium, cached in .cache/diagrams
// (see scripts/diagrams.mjs). Without Chromium the build goes on, says so in
// one line, and pages show each diagram's source. The client build warns; the
// server build, run right after it, would only repeat the line.
function diagramPages(warn: boolean): Plugin {
  const colours = palette(readFileSync(`${import.meta.dirname}/src/css/vars.css`, 'utf8'));
  let renderer: ReturnType<typeof diagramRenderer>;
  let logger: { warn(msg: string): void };
  return {
    name: 'devdocs:diagrams',
    enforce: 'pre',
    configResolved(config) {
      logger = config.logger;
    },
    buildStart() {
      renderer = diagramRenderer({
        cache: diskCache(`${import.meta.dirname}/.cache/diagrams`),
        configs: { light: mermaidConfig(colours, 'light'), dark: mermaidConfig(colours, 'dark') },
        version: MERMAID_VERSION,
        open: () => openMermaid(chromiumPath()),
        onNoBrowser: (e: Error) => warn && logger.warn(`diagrams: ${e.message}, so mermaid diagrams are shown as their source (make chromium installs it; CHROMIUM=path picks another)`),
      });
    },
    transform: {
      // Only page records with a diagram reach the (asynchronous) handler.
      filter: { id: PAGE_RECORD, code: 'class=\\"diagram\\"' },
      async handler(code) {
        const record = JSON.parse(code);
        try {
          record.html = await renderer.render(record.html);
        } catch (e) {
          this.error(`${record.source}:${(e as { line?: number }).line ?? 0}: ${(e as Error).message}`);
        }
        return { code: JSON.stringify(record), map: null };
      },
    },
    async buildEnd() {
      await renderer.close();
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
  plugins: [routeTables(`${import.meta.dirname}/.generated`), katexPages(), diagramPages(!isSsrBuild), searchRecords(), docsearchFixes(), inlineHeadScript(), react(), !isSsrBuild && freshImports()],
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

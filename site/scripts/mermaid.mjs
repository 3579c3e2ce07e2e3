// A headless Chromium with mermaid loaded, drawing diagram sources as SVG.
// Mermaid measures text to lay out a diagram, so it needs a real browser;
// the build starts one only when a diagram is not in its cache.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const MERMAID_JS = require.resolve('mermaid/dist/mermaid.min.js');
/** Part of every cache key: a new mermaid draws differently. */
export const MERMAID_VERSION = require('mermaid/package.json').version;

/** The browser the build draws with: CHROMIUM, as for the tests and the gate. */
export const chromiumPath = () => process.env.CHROMIUM || '/usr/bin/chromium';

/** Thrown when there is no browser to draw with; the build then shows diagrams as source. */
export class NoBrowserError extends Error {}

const LAUNCH_TIMEOUT = 60_000;
/** One diagram; a loaded two-core machine takes a few seconds for the first. */
const DRAW_TIMEOUT = 60_000;

/**
 * Starts the browser and loads mermaid. The flags are the gate's (checks/browser):
 * headless, no sandbox (we may be root), no GPU, no shared-memory files.
 */
export async function openMermaid(executablePath = chromiumPath()) {
  if (!existsSync(executablePath)) throw new NoBrowserError(`no Chromium at ${executablePath}`);
  let browser;
  try {
    browser = await chromium.launch({ executablePath, timeout: LAUNCH_TIMEOUT, args: ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'] });
  } catch (e) {
    throw new NoBrowserError(`Chromium at ${executablePath} did not start: ${e.message.split('\n')[0]}`);
  }
  // Nothing a diagram says may reach the network.
  const context = await browser.newContext({ offline: true });
  const page = await context.newPage();
  await page.setContent('<!doctype html><html><head></head><body></body></html>');
  await page.addScriptTag({ path: MERMAID_JS });
  let queue = Promise.resolve();
  return {
    /**
     * The SVG of source, drawn with mermaid config, its root id `id` and every
     * id inside it under that prefix. One at a time: mermaid keeps global state.
     */
    draw(source, config, id, className) {
      const run = queue.then(() => withTimeout(page.evaluate(drawInPage, { source, config, id, className }), DRAW_TIMEOUT))
        .catch((e) => { throw new Error(mermaidMessage(e)); });
      queue = run.catch(() => {});
      return run;
    },
    close: () => browser.close(),
  };
}

/** What mermaid said, without Playwright's prefix and the page's stack. */
const mermaidMessage = (e) => e.message.replace(/^page\.evaluate: (\w*Error: )?/, '').split('\n').filter((l) => !/^\s+at /.test(l)).join('\n').trim();

function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`mermaid did not finish drawing in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs in the page. Mermaid scopes most ids by the diagram's id but not all
 * (a sequence diagram's actors are "P", "actor0", twice over), and a page
 * holds several diagrams: ids nothing refers to are dropped, the others are
 * put under the diagram's id, so no two elements of a page share one.
 */
async function drawInPage({ source, config, id, className }) {
  const { mermaid } = window;
  mermaid.initialize({ ...config, startOnLoad: false });
  let svg;
  try {
    ({ svg } = await mermaid.render(id, source));
  } finally {
    document.body.replaceChildren(); // an error leaves its drawing behind
  }
  const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  const refAttrs = ['href', 'xlink:href', 'aria-labelledby', 'aria-describedby'];
  const all = [root, ...root.querySelectorAll('*')];
  const referred = new Set();
  for (const el of all) {
    for (const attr of el.attributes) {
      for (const m of attr.value.matchAll(/url\(["']?#([^)"']+)["']?\)/g)) referred.add(m[1]);
      if (attr.name.endsWith('href') && attr.value.startsWith('#')) referred.add(attr.value.slice(1));
      if (attr.name.startsWith('aria-') && refAttrs.includes(attr.name)) attr.value.split(/\s+/).forEach((r) => referred.add(r));
    }
  }
  const renamed = new Map();
  const seen = new Set([id]);
  for (const el of all.slice(1)) {
    const old = el.getAttribute('id');
    if (old === null) continue;
    const fresh = old.startsWith(`${id}-`) || old.startsWith(`${id}_`) ? old : `${id}-${old}`;
    if (!referred.has(old) || seen.has(fresh)) {
      el.removeAttribute('id');
      continue;
    }
    seen.add(fresh);
    if (fresh !== old) renamed.set(old, fresh);
    el.setAttribute('id', fresh);
  }
  if (renamed.size > 0) {
    for (const el of all) {
      for (const attr of el.attributes) {
        let v = attr.value.replace(/url\((["']?)#([^)"']+)\1\)/g, (m, q, ref) => (renamed.has(ref) ? `url(${q}#${renamed.get(ref)}${q})` : m));
        if (attr.name.endsWith('href') && v.startsWith('#') && renamed.has(v.slice(1))) v = `#${renamed.get(v.slice(1))}`;
        if (refAttrs.includes(attr.name) && attr.name.startsWith('aria-')) v = v.split(/\s+/).map((r) => renamed.get(r) ?? r).join(' ');
        if (v !== attr.value) el.setAttribute(attr.name, v);
      }
    }
  }
  root.classList.add(className);
  return new XMLSerializer().serializeToString(root);
}

// Draws the diagram placeholders the Go compiler emits (site/markdown/diagram.go):
//
//   <figure class="diagram" data-line="N"><div class="code-block diagram-source">…<code>source</code>…</div><figcaption>…</figcaption></figure>
//
// Each becomes two SVGs, one per colour mode, drawn by mermaid in headless
// Chromium at build time; the site's stylesheet shows the one that matches
// html[data-theme]. Readers get finished SVG, with JavaScript off too, and no
// diagram engine. Drawings are cached on disk by a hash of everything that
// shapes them (source, mode, colours, mermaid's version), so a rebuild starts
// no browser unless a diagram changed. Without a browser the placeholder
// stays: a captioned code block that reads as the diagram's source.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeAttr, unescapeHTML } from './html.mjs';

const placeholder = /<figure class="diagram" data-line="(\d+)">([\s\S]*?)<\/figure>/g;
export const MODES = ['light', 'dark'];

/** The diagrams of a page's HTML, in order: fence line, source, caption (escaped HTML, or ''). */
export function findDiagrams(html) {
  return [...html.matchAll(placeholder)].map((m) => ({
    line: Number(m[1]),
    source: unescapeHTML(/<code>([\s\S]*?)<\/code>/.exec(m[2])?.[1] ?? ''),
    caption: /<figcaption>[\s\S]*?<\/figcaption>/.exec(m[2])?.[0] ?? '',
  }));
}

/** The colour tokens of the site's stylesheet (src/css/vars.css), per mode: { light: { 'c-bg': '#fff', … }, dark: {…} }. */
export function palette(css) {
  const modes = { light: {}, dark: {} };
  for (const [, selector, body] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const mode = selector.includes("[data-theme='dark']") ? 'dark' : selector.includes(':root') ? 'light' : null;
    if (!mode) continue;
    for (const [, name, value] of body.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) modes[mode][name] = value.trim();
  }
  if (!modes.light['c-text'] || !modes.dark['c-text']) throw new Error("the site's stylesheet has no --c-text for :root and [data-theme='dark']: diagrams take their colours from it");
  return modes;
}

/**
 * Mermaid's settings for one mode, in the site's colours: nodes and actors
 * on the surface colour with a primary border, lines in the muted text
 * colour, notes in the banner colour. Dark inherits what it does not set.
 */
export function mermaidConfig(colours, mode) {
  const c = { ...colours.light, ...(mode === 'dark' ? colours.dark : {}) };
  return {
    theme: 'base',
    look: 'classic',
    securityLevel: 'strict',
    deterministicIds: true,
    // SVG text, not HTML in <foreignObject>: the page's own CSS cannot reach
    // it and change the size mermaid measured.
    htmlLabels: false,
    // Wide enough that an identifier such as ProverOpts::succinct() is not
    // broken inside a node; authors break lines with <br>.
    flowchart: { wrappingWidth: 400 },
    fontFamily: c['font-sans'],
    themeVariables: {
      darkMode: mode === 'dark',
      background: c['c-bg'],
      fontFamily: c['font-sans'],
      fontSize: '15px',
      primaryColor: c['c-surface'],
      primaryTextColor: c['c-text'],
      primaryBorderColor: c['c-primary'],
      secondaryColor: c['c-code-bg'],
      tertiaryColor: c['c-bg'],
      lineColor: c['c-text-muted'],
      textColor: c['c-text'],
      titleColor: c['c-text'],
      edgeLabelBackground: c['c-bg'],
      clusterBkg: c['c-code-bg'],
      clusterBorder: c['c-border'],
      noteBkgColor: c['c-banner'],
      noteTextColor: c['c-text'],
      noteBorderColor: c['c-primary'],
      actorBkg: c['c-surface'],
      actorBorder: c['c-primary'],
      actorTextColor: c['c-text'],
      actorLineColor: c['c-text-muted'],
      signalColor: c['c-text'],
      signalTextColor: c['c-text'],
      labelBoxBkgColor: c['c-surface'],
      labelBoxBorderColor: c['c-primary'],
      labelTextColor: c['c-text'],
      loopTextColor: c['c-text'],
      activationBkgColor: c['c-code-bg'],
      activationBorderColor: c['c-text-muted'],
      sequenceNumberColor: c['c-on-primary'],
    },
  };
}

/** A drawing cache: one file per key in dir, written whole or not at all. */
export function diskCache(dir) {
  return {
    get: (key) => readFile(join(dir, `${key}.svg`), 'utf8').catch(() => null),
    async set(key, svg) {
      await mkdir(dir, { recursive: true });
      const tmp = join(dir, `${key}.${process.pid}.tmp`);
      await writeFile(tmp, svg);
      await rename(tmp, join(dir, `${key}.svg`));
    },
  };
}

/**
 * Draws diagrams through a cache. open() starts the drawing engine
 * ({ draw(source, config, id, className), close() }, see mermaid.mjs) the
 * first time a drawing is missing from the cache; when it throws, every
 * missing drawing is null and onNoBrowser(error) is called once.
 */
export function diagramRenderer({ cache, configs, version, open, onNoBrowser }) {
  let engine = null;
  let noBrowser = false;
  const inFlight = new Map();
  let drawn = 0;

  async function drawing(source, mode) {
    const config = configs[mode];
    const key = createHash('sha256').update(JSON.stringify([version, config, mode, source])).digest('hex').slice(0, 32);
    const token = `mermaid-${key.slice(0, 16)}`; // the root id while cached; replaced by the page's own
    if (!inFlight.has(key)) {
      inFlight.set(key, (async () => {
        const hit = await cache.get(key);
        if (hit) return hit;
        if (noBrowser) return null;
        engine ??= open().catch((e) => { noBrowser = true; onNoBrowser(e); return null; });
        const e = await engine;
        if (!e) return null;
        const svg = await e.draw(source, config, token, `diagram-${mode}`);
        drawn++;
        await cache.set(key, svg);
        return svg;
      })());
    }
    const svg = await inFlight.get(key);
    return svg && { svg, token };
  }

  return {
    /**
     * html with every placeholder drawn. Diagram n of the page gets the ids
     * diagram-n-light and diagram-n-dark (and its inner ids under them).
     * A source mermaid rejects throws an error whose line is the file's.
     */
    async render(html) {
      const diagrams = findDiagrams(html);
      if (diagrams.length === 0) return html;
      const figures = await Promise.all(diagrams.map(async (d, i) => {
        const svgs = [];
        for (const mode of MODES) {
          let out;
          try {
            out = await drawing(d.source, mode);
          } catch (e) {
            throw sourceError(e, d.line);
          }
          if (!out) return null;
          svgs.push(compactSvg(out.svg).replaceAll(out.token, `diagram-${i + 1}-${mode}`));
        }
        const label = d.caption && ` aria-label="${escapeAttr(unescapeHTML(d.caption.replace(/<[^>]*>/g, '')))}"`;
        return `<figure class="diagram">${svgs.map((s) => s.replace(/^<svg /, `<svg${label} `)).join('')}${d.caption}</figure>`;
      }));
      let i = 0;
      return html.replace(placeholder, (m) => figures[i++] ?? m);
    },
    /** How many drawings this renderer made (not read from the cache). */
    get drawn() { return drawn; },
    async close() {
      const e = await engine;
      engine = null;
      await e?.close();
    },
  };
}

// Attributes whose values are coordinates or lengths. Mermaid writes them
// with up to 16 digits after the point; its rounded shapes are paths of
// hundreds of such numbers, half a diagram's bytes.
const GEOMETRY = new Set(['d', 'points', 'transform', 'viewBox', 'style', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry',
  'width', 'height', 'dx', 'dy', 'refX', 'refY', 'markerWidth', 'markerHeight', 'stroke-width']);
// Every number of an attribute, read left to right as SVG path data reads
// them: "12.258.001" is 12.258 then .001, "0.5-.25" is 0.5 then -.25.
const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

/**
 * A number to a hundredth (numbers that short already stay as written).
 * Where it follows another number with no separator, relying on its own
 * "." or sign to start it, and the rounding has neither, a space keeps the
 * two apart ("12.258.001" becomes "12.26 0", not "12.260").
 */
function round(n, at, text) {
  if (!/e|\.\d{3}/i.test(n)) return n;
  const r = String(Math.round(Number(n) * 100) / 100).replace(/^-0$/, '0');
  return /[\d.]/.test(text[at - 1] ?? '') && !r.startsWith('-') ? ` ${r}` : r;
}

// Path data with relative commands (m, l, c …; mermaid's icons) is kept:
// each segment starts where the last ended, so rounding errors would add
// up along the path, to whole units over an icon's hundreds of segments.
const rounds = (name, value) => GEOMETRY.has(name) && !(name === 'd' && /[mlhvcsqta]/.test(value));

/**
 * A drawing as serialized by the browser, smaller and the same to the eye:
 * coordinates to a hundredth of a unit (a diagram is at most about a
 * thousand units across, drawn at most that many pixels), empty style
 * attributes dropped, and arrow markers without an id (nothing can point
 * at them: drawInPage removes the ids nothing uses) left out. Only tags are
 * touched: a label that reads "3.14159" stays as it is.
 */
export function compactSvg(svg) {
  return svg
    .replace(/<marker\b(?![^>]*\sid=")[^>]*(?:\/>|>[\s\S]*?<\/marker>)/g, '')
    .replace(/<[^>]+>/g, (tag) => tag
      .replace(/ ([\w:-]+)="([^"]*)"/g, (attr, name, value) => (rounds(name, value) ? ` ${name}="${value.replace(NUMBER, (n, at, text) => round(n, at, text))}"` : attr))
      .replace(/ style=""/g, ''));
}

/**
 * An error naming the file's line: mermaid says "Parse error on line N" of
 * the diagram, which is N lines after the fence. What mermaid quotes from
 * the source is escaped, so no control character reaches the terminal.
 */
function sourceError(e, fenceLine) {
  const msg = String(e?.message ?? e);
  const inDiagram = /on line (\d+)/.exec(msg);
  const err = new Error(`mermaid cannot draw this diagram: ${escapeControls(msg)}`);
  err.line = fenceLine + (inDiagram ? Number(inDiagram[1]) : 0);
  return err;
}

/** Control characters and bidirectional overrides, written as escapes; newlines kept. */
export const escapeControls = (s) =>
  s.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

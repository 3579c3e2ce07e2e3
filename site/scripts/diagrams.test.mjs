// Run with `node --test site/scripts/` (part of `make test`).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { compactSvg, diagramRenderer, diskCache, findDiagrams, mermaidConfig, palette } from './diagrams.mjs';
import { chromiumPath, openMermaid } from './mermaid.mjs';

const here = import.meta.dirname;
// The Go compiler's own output (its golden), so both halves agree on the placeholder.
const golden = readFileSync(join(here, '../markdown/testdata/render/diagrams.html'), 'utf8');
const colours = palette(readFileSync(join(here, '../src/css/vars.css'), 'utf8'));
const configs = { light: mermaidConfig(colours, 'light'), dark: mermaidConfig(colours, 'dark') };

/** A drawing engine that records its calls and draws a stand-in SVG using the id it is given. */
function fakeEngine(fail) {
  const calls = [];
  return {
    calls,
    opened: 0,
    open() {
      this.opened++;
      return Promise.resolve({
        draw: async (source, config, id, className) => {
          calls.push({ source, mode: config.themeVariables.darkMode ? 'dark' : 'light', id });
          if (fail) throw new Error(fail);
          return `<svg id="${id}" class="${className}"><marker id="${id}-arrow"/><path marker-end="url(#${id}-arrow)"/></svg>`;
        },
        close: async () => {},
      });
    },
  };
}

const memoryCache = () => {
  const m = new Map();
  return { map: m, get: async (k) => m.get(k) ?? null, set: async (k, v) => { m.set(k, v); } };
};

const renderer = (engine, cache, extra = {}) =>
  diagramRenderer({ cache, configs, version: '1', open: () => engine.open(), onNoBrowser: () => {}, ...extra });

test('the placeholders of the Go compiler are read back exactly', () => {
  assert.deepEqual(findDiagrams(golden), [
    { line: 7, source: 'flowchart LR\n  host[Host] -->|"input <T>"| guest[Guest]\n', caption: '<figcaption>Host &amp; guest</figcaption>' },
    { line: 14, source: 'sequenceDiagram\n  accTitle: Prover and verifier\n  Prover->>Verifier: commitment\n', caption: '' },
  ]);
});

test('each diagram becomes one SVG per colour mode, with ids of its own and its caption as name', async () => {
  const engine = fakeEngine();
  const html = await renderer(engine, memoryCache()).render(golden);
  assert.equal(findDiagrams(html).length, 0, 'no placeholder is left');
  assert.doesNotMatch(html, /diagram-source|mermaid-[0-9a-f]{16}/);
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(ids, ['diagram-1-light', 'diagram-1-light-arrow', 'diagram-1-dark', 'diagram-1-dark-arrow',
    'diagram-2-light', 'diagram-2-light-arrow', 'diagram-2-dark', 'diagram-2-dark-arrow']);
  assert.match(html, /marker-end="url\(#diagram-2-dark-arrow\)"/);
  assert.match(html, /<figure class="diagram"><svg aria-label="Host &amp; guest" id="diagram-1-light" class="diagram-light">/);
  assert.match(html, /<\/svg><figcaption>Host &amp; guest<\/figcaption><\/figure>/);
  assert.equal(engine.calls.length, 4);
});

test('the same diagram twice on a page is drawn once, and its copies keep distinct ids', async () => {
  const engine = fakeEngine();
  const one = golden.slice(golden.indexOf('<figure'), golden.indexOf('</figure>') + '</figure>'.length);
  const html = await renderer(engine, memoryCache()).render(one + one);
  assert.equal(engine.calls.length, 2);
  assert.match(html, /id="diagram-1-light"[\s\S]*id="diagram-2-light"/);
});

test('a rebuild draws from the cache and starts no browser; a changed source or colour is drawn again', async () => {
  const cache = memoryCache();
  await renderer(fakeEngine(), cache).render(golden);
  const again = fakeEngine();
  const first = await renderer(fakeEngine(), memoryCache()).render(golden);
  assert.equal(await renderer(again, cache).render(golden), first);
  assert.equal(again.opened, 0);

  const edited = fakeEngine();
  await renderer(edited, cache).render(golden.replace('guest[Guest]', 'guest[The guest]'));
  assert.deepEqual(edited.calls.map((c) => c.mode), ['light', 'dark']);

  const recoloured = fakeEngine();
  const dark = { ...configs.dark, themeVariables: { ...configs.dark.themeVariables, primaryColor: '#000000' } };
  await renderer(recoloured, cache, { configs: { ...configs, dark } }).render(golden);
  assert.deepEqual(recoloured.calls.map((c) => c.mode), ['dark', 'dark']);
});

test('without a browser the placeholders stay, and the build is told once', async () => {
  const told = [];
  const r = diagramRenderer({ cache: memoryCache(), configs, version: '1', open: () => Promise.reject(new Error('no Chromium at /nowhere')), onNoBrowser: (e) => told.push(e.message) });
  assert.equal(await r.render(golden), golden);
  assert.equal(await r.render(golden), golden);
  assert.deepEqual(told, ['no Chromium at /nowhere']);
});

test('a diagram mermaid rejects is an error at its line in the file, with control characters escaped', async () => {
  const r = renderer(fakeEngine('Parse error on line 2:\n\u001b[31mflowchart\u202e'), memoryCache());
  await assert.rejects(r.render(golden), (e) => e.line === 9 && e.message === 'mermaid cannot draw this diagram: Parse error on line 2:\n\\u001b[31mflowchart\\u202e');
});

test('the disk cache keeps drawings whole across renderers', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'diagrams-'));
  try {
    await renderer(fakeEngine(), diskCache(dir)).render(golden);
    assert.equal((await readdir(dir)).filter((f) => f.endsWith('.svg')).length, 4);
    assert.equal((await readdir(dir)).filter((f) => f.endsWith('.tmp')).length, 0);
    const again = fakeEngine();
    await renderer(again, diskCache(dir)).render(golden);
    assert.equal(again.opened, 0);
  } finally {
    await rm(dir, { recursive: true });
  }
});

test('drawings are written with coordinates to a hundredth, without unused markers or empty styles, labels untouched', () => {
  const drawn = '<svg viewBox="4 4 876.9759521484375 879" style="max-width: 876.9759521484375px;">'
    + '<marker class="marker" refX="4.5"><path d="M 0 0 L 10 5 z"/></marker>'
    + '<marker id="d-end" refX="5"><path d="M 0 0 L 10 5 z"/></marker>'
    + '<path d="M-55.14843750000001 -17 C-0.0000001 2.5e-7, 72.1397031754117 -0.5448768187181379, 3 4" style="" marker-end="url(#d-end)"/>'
    + '<g transform="translate(472.11669921875, 436)" data-id="L_a_b_0.125"><text x="-66.7578125">pi is 3.14159, at 0.125</text></g></svg>';
  assert.equal(compactSvg(drawn),
    '<svg viewBox="4 4 876.98 879" style="max-width: 876.98px;">'
    + '<marker id="d-end" refX="5"><path d="M 0 0 L 10 5 z"/></marker>'
    + '<path d="M-55.15 -17 C0 0, 72.14 -0.54, 3 4" marker-end="url(#d-end)"/>'
    + '<g transform="translate(472.12, 436)" data-id="L_a_b_0.125"><text x="-66.76">pi is 3.14159, at 0.125</text></g></svg>');
});

test('numbers that path data runs together stay apart once rounded', () => {
  // 12.2598 then .0001; 0.5 then -.0001; 3.4567 then .4567; 1 then -2.34567;
  // .01 then .249 (mermaid's icons: two places, then three)
  const drawn = '<path d="M12.2598.0001L0.5-.0001 3.4567.4567 1-2.34567 .01.249.25"/>';
  assert.equal(compactSvg(drawn), '<path d="M12.26 0L0.5 0 3.46 0.46 1-2.35 .01 0.25.25"/>');
  // Relative commands carry each error into the next segment: kept as drawn.
  assert.equal(compactSvg('<path d="M12.2598.0001l.256.004.255.005"/>'), '<path d="M12.2598.0001l.256.004.255.005"/>');
});

test('the colours are the stylesheet tokens of each mode', () => {
  assert.equal(configs.light.themeVariables.textColor, '#1b1f24');
  assert.equal(configs.dark.themeVariables.textColor, '#e6e8eb');
  assert.equal(configs.dark.themeVariables.darkMode, true);
  assert.throws(() => palette('body { color: red; }'), /no --c-text/);
});

// The real engine: mermaid in Chromium. Mermaid leaves some ids unscoped (a
// sequence diagram's actors appear twice): none may repeat or escape the prefix.
test('mermaid in Chromium draws an SVG whose ids are all its own', { skip: !existsSync(chromiumPath()) && `no Chromium at ${chromiumPath()}` }, async () => {
  const engine = await openMermaid();
  try {
    const svg = await engine.draw('sequenceDiagram\n  actor P as Prover\n  participant V as Verifier\n  P->>V: seal\n  V-->>P: ok\n', configs.dark, 'd-test', 'diagram-dark');
    assert.match(svg, /^<svg [^>]*id="d-test"/);
    assert.match(svg, /class="[^"]*diagram-dark/);
    const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(ids.length > 1);
    assert.deepEqual(ids.filter((id) => id !== 'd-test' && !/^d-test[-_]/.test(id)), []);
    assert.equal(new Set(ids).size, ids.length, 'no id repeats');
    const refs = [...svg.matchAll(/ [\w-]+="url\(#([^)]+)\)"/g)].map((m) => m[1]);
    assert.ok(refs.length > 0);
    for (const ref of refs) assert.ok(ids.includes(ref), `url(#${ref}) points into the SVG`);
    assert.match(svg, />Prover</);
    await assert.rejects(engine.draw('flowchart LR\n  a --> b b', configs.light, 'd-bad', 'diagram-light'), /Parse error on line 2/);
  } finally {
    await engine.close();
  }
});

test('a compacted drawing is the same picture: every shape within a hundredth of a unit, no path the browser rejects', { skip: !existsSync(chromiumPath()) && `no Chromium at ${chromiumPath()}` }, async () => {
  const engine = await openMermaid();
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    // Stadiums and database icons are the shapes with the densest path data.
    const sources = [
      'flowchart TD\n  a(["lift"]) --> b("join") --> c["receipt"]\n  c -->|"verify"| d{{"ok?"}}\n',
      'sequenceDiagram\n  actor P as Prover\n  participant D@{ "type": "database" }\n  P->>D: seal\n  Note over P,D: checked\n',
    ];
    const page = await browser.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    for (const [i, source] of sources.entries()) {
      const drawn = await engine.draw(source, configs.light, `cmp-${i}`, 'diagram-light');
      const compact = compactSvg(drawn);
      assert.ok(compact.length < drawn.length);
      await page.setContent(`<div id="a">${drawn}</div><div id="b">${compact.replaceAll(`cmp-${i}`, `cmp-${i}-b`)}</div>`);
      // Shapes of the picture; arrowheads are drawn where markers are used, and unused ones are dropped.
      const boxes = (sel) => page.$$eval(`${sel} path, ${sel} rect, ${sel} polygon, ${sel} circle`, (els) => els.filter((e) => !e.closest('marker')).map((e) => {
        const b = e.getBBox();
        return [b.x, b.y, b.width, b.height];
      }));
      const [a, b] = [await boxes('#a'), await boxes('#b')];
      assert.equal(a.length, b.length);
      a.forEach((box, k) => box.forEach((v, j) => assert.ok(Math.abs(v - b[k][j]) <= 0.02, `shape ${k} of diagram ${i}: ${box} against ${b[k]}`)));
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await engine.close();
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { headScript } from './headScript.mjs';

/**
 * Runs the head script on a page whose scripts did not load, in a document
 * just big enough for it, and returns the base-URL banner's text.
 */
function bannerOn(pathname, route, baseUrl = '/') {
  const attrs = new Map();
  const html = { setAttribute: (k, v) => attrs.set(k, v), hasAttribute: (k) => attrs.has(k) };
  let onReady, banner;
  const document = {
    documentElement: html,
    addEventListener: (type, fn) => { if (type === 'DOMContentLoaded') onReady = fn; },
    querySelector: () => ({ getAttribute: () => route }),
    createElement: () => ({ style: {}, setAttribute() {}, lastChild: {} }),
    body: { firstChild: null, insertBefore: (el) => { banner = el; } },
  };
  const script = headScript({ colorMode: { defaultMode: 'dark' }, baseUrl });
  runInNewContext(script, { document, window: {}, location: { pathname } });
  onReady();
  return banner.lastChild.textContent;
}

test('the banner names the base URL a page is served under, for every URL form of a route', () => {
  for (const pathname of ['/repo/api/zkvm', '/repo/api/zkvm/', '/repo/api/zkvm/index.html']) {
    assert.match(bannerOn(pathname, '/api/zkvm'), /this page is served under "\/repo\/"/, pathname);
  }
  assert.match(bannerOn('/repo/', '/'), /served under "\/repo\/"/);
  assert.match(bannerOn('/repo/index.html', '/'), /served under "\/repo\/"/);
});

test('the banner names no other base when the page is served where it was built for', () => {
  for (const [pathname, route] of [['/api/zkvm/', '/api/zkvm'], ['/', '/'], ['/index.html', '/']]) {
    const text = bannerOn(pathname, route);
    assert.match(text, /built for the base URL "\/"/, pathname);
    assert.doesNotMatch(text, /served under/, pathname);
  }
});

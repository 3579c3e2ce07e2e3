import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { headScript } from './headScript.mjs';
import * as names from '../src/lib/storageKeys.js';

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
  runInNewContext(script, { document, window: { addEventListener() {} }, location: { pathname } });
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

/**
 * Runs the head script in a window just big enough for it, presses the keys
 * given ([key, modifiers, target]), and returns what the early listener
 * recorded (window.__docsEarlyKeys) and which presses it took from the page.
 */
function earlyAfter(presses) {
  const listeners = [];
  const window = { addEventListener: (t, fn) => t === 'keydown' && listeners.push(fn), removeEventListener: (t, fn) => listeners.splice(listeners.indexOf(fn), 1) };
  const document = { documentElement: { setAttribute() {} }, addEventListener() {} };
  runInNewContext(headScript({ colorMode: { defaultMode: 'dark' }, baseUrl: '/' }), { document, window, location: { pathname: '/' } });
  const prevented = [];
  for (const [key, mods = {}, target = { tagName: 'BODY' }] of presses) {
    const e = { key, target, ctrlKey: false, metaKey: false, altKey: false, ...mods, preventDefault: () => prevented.push(key) };
    for (const fn of [...listeners]) fn(e);
  }
  const { open, typed, stop } = window[names.EARLY_KEYS_GLOBAL];
  stop();
  assert.equal(listeners.length, 0, 'stop() removes the listener');
  return { open, typed, prevented };
}
const ctrlK = ['k', { ctrlKey: true }];
const field = { tagName: 'INPUT' };

test('the early listener records Ctrl+K, Cmd+K and "/" and the characters typed after them', () => {
  for (const shortcut of [ctrlK, ['K', { metaKey: true }], ['/']]) {
    const got = earlyAfter([shortcut, ['r'], ['e'], ['x'], ['Backspace'], ['/'], ['1']]);
    assert.deepEqual({ open: got.open, typed: got.typed }, { open: true, typed: 're/1' }, shortcut[0]);
    assert.equal(got.prevented.length, 7, 'the page does nothing else with them');
  }
});

test('the early listener keeps the app\'s rules: "/" in a field, letters alone, toggling and Escape', () => {
  assert.deepEqual(earlyAfter([['/', {}, field], ['a', {}, field]]), { open: false, typed: '', prevented: [] });
  assert.deepEqual(earlyAfter([['a'], ['b']]), { open: false, typed: '', prevented: [] });
  assert.equal(earlyAfter([ctrlK, ['a'], ctrlK]).open, false);
  assert.equal(earlyAfter([['/'], ['/'], ['a']]).typed, '/a');
  assert.deepEqual(earlyAfter([ctrlK, ['a'], ['Escape']]), { open: false, typed: '', prevented: ['k', 'a'] });
  // Ctrl+K works in a field too; the field keeps the letters typed in it.
  assert.deepEqual(earlyAfter([['k', { ctrlKey: true }, field], ['a', {}, field]]), { open: true, typed: '', prevented: ['k'] });
  // Other shortcuts (Ctrl+C) are the browser's.
  assert.deepEqual(earlyAfter([ctrlK, ['c', { ctrlKey: true }]]).prevented, ['k']);
});

// Run with `node --test site/src/lib/` (part of `make test`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { breadcrumbListJSON, trail } from './breadcrumbs.js';

const sidebar = [
  { type: 'doc', label: 'Introduction', href: '/api' },
  { type: 'category', label: 'zkVM', href: '/api/zkvm', items: [
    { type: 'doc', label: 'Quick start', href: '/api/zkvm/quickstart' },
    { type: 'category', label: 'Tutorials', items: [{ type: 'doc', label: 'Hello world', href: '/api/zkvm/tutorials/hello-world' }] },
  ] },
  { type: 'link', label: 'GitHub', href: 'https://github.com/risc0/risc0' },
];

test('the trail holds each category around the page, then the page', () => {
  assert.deepEqual(trail(sidebar, '/api/zkvm/tutorials/hello-world'), [
    { label: 'zkVM', href: '/api/zkvm' }, { label: 'Tutorials' }, { label: 'Hello world', href: '/api/zkvm/tutorials/hello-world' },
  ]);
  assert.deepEqual(trail(sidebar, '/api'), [{ label: 'Introduction', href: '/api' }]);
});

test('a category that is the page ends the trail', () => {
  assert.deepEqual(trail(sidebar, '/api/zkvm'), [{ label: 'zkVM', href: '/api/zkvm' }]);
});

test('a page in no item of the sidebar has no trail', () => {
  assert.equal(trail(sidebar, '/api/zkvm/tutorials/overview'), null);
});

test('the JSON-LD lists the crumbs that have a page, numbered from 1, at absolute URLs', () => {
  const json = JSON.parse(breadcrumbListJSON(trail(sidebar, '/api/zkvm/tutorials/hello-world'), 'https://example.com'));
  assert.equal(json['@type'], 'BreadcrumbList');
  assert.deepEqual(json.itemListElement, [
    { '@type': 'ListItem', position: 1, name: 'zkVM', item: 'https://example.com/api/zkvm' },
    { '@type': 'ListItem', position: 2, name: 'Hello world', item: 'https://example.com/api/zkvm/tutorials/hello-world' },
  ]);
});

test('nothing in a label can close the script element', () => {
  const out = breadcrumbListJSON([{ label: '</script><b>', href: '/x' }], 'https://example.com');
  assert.ok(!out.includes('<'));
  assert.equal(JSON.parse(out).itemListElement[0].name, '</script><b>');
});

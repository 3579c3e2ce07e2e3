import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { routeFile, routeOf } from './routePath.js';

// The cases the gate's Go package (checks/serve) answers too.
const cases = JSON.parse(readFileSync(new URL('../../../testdata/static-host.json', import.meta.url), 'utf8'));

test('routeOf maps every URL to the route the gate maps it to', () => {
  for (const [url, route] of cases.routeOf) assert.equal(routeOf(url), route, url);
});

test('routeFile writes every route to the file the gate expects', () => {
  for (const [route, file] of cases.routeFile) assert.equal(routeFile(route), file, route);
});

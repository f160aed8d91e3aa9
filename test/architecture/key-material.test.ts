// Key strings are built in lib/db/keys.ts only (its header, docs/data-model.md): the isolation by
// key and the IAM LeadingKeys patterns are checked there, once. Reads the source of lib/, app/,
// components/ and scripts/ and fails on:
// - a string or template literal that starts with one of the key prefixes keys.ts uses (`USER#`,
//   `DOMAIN#`, `OP#`, …), read from keys.ts itself so a new prefix is covered the day it is added;
// - a table or index key attribute (`PK`, `SK`, `GSI<n>PK`, `GSI<n>SK`) given a template literal,
//   that is, key material composed in place.
// Reads the code only; no stack needed.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const KEYS = 'lib/db/keys.ts';
const SCANNED = ['lib', 'app', 'components', 'scripts'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const stripComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Every `XYZ#` that opens a literal in keys.ts, and every part `tp()` joins with `#`. */
function keyPrefixes(): string[] {
  const src = stripComments(readFileSync(join(ROOT, KEYS), 'utf8'));
  const opening = [...src.matchAll(/[`'"]([A-Z][A-Z0-9]*)#/g)].map((m) => m[1]);
  const parts = [...src.matchAll(/\btp\([^)]*\)/g)].flatMap((m) => [...m[0].matchAll(/'([A-Z][A-Z0-9]*)'/g)].map((p) => p[1]));
  return [...new Set([...opening, ...parts])].sort();
}

test('the key prefixes are read from keys.ts', () => {
  const prefixes = keyPrefixes();
  for (const expected of ['T', 'USER', 'DOMAIN', 'TOKEN', 'OP', 'PAGE', 'TENANT']) assert.ok(prefixes.includes(expected), `${expected}# not found in ${KEYS}`);
});

test('no key material is built outside lib/db/keys.ts', () => {
  const prefixes = keyPrefixes();
  const literalWithPrefix = new RegExp(`[\`'"](?:${prefixes.join('|')})#`);
  const composedKey = /\b(?:PK|SK|GSI\d+PK|GSI\d+SK)\s*:\s*`/;
  const found: string[] = [];
  for (const file of SCANNED.flatMap(sources)) {
    const path = relative(ROOT, join(ROOT, file));
    if (path === KEYS) continue;
    stripComments(readFileSync(join(ROOT, file), 'utf8'))
      .split('\n')
      .forEach((line, i) => {
        if (literalWithPrefix.test(line) || composedKey.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, [], 'key material built outside lib/db/keys.ts: add a builder there and call it');
});

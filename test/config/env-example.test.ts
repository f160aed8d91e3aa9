// .env.example documents every setting the app reads, each with a comment, and sets no values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CONFIG_VARIABLES, parseConfig } from '../../lib/config';

const lines = readFileSync('.env.example', 'utf8').split('\n');
const ASSIGNMENT = /^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/;

test('.env.example lists every variable once, each right after its comment, and nothing else', () => {
  const listed = lines.flatMap((line, i) => {
    const m = ASSIGNMENT.exec(line);
    if (!m) return [];
    assert.match(lines[i - 1] ?? '', /^# \S/, `${m[1]} has no comment above it`);
    return [m[1]];
  });
  assert.deepEqual([...listed].sort(), [...CONFIG_VARIABLES].sort());
});

test('.env.example sets no values, so copying it to .env gives the local defaults', () => {
  const values: Record<string, string> = {};
  for (const line of lines) {
    const m = ASSIGNMENT.exec(line);
    if (m && !line.startsWith('#')) {
      assert.equal(m[2], '', `${m[1]} has a value in .env.example`);
      values[m[1]] = m[2];
    }
  }
  assert.equal(parseConfig({ ...values, NODE_ENV: 'development' }).ARBOR_TABLE, 'arbor');
});

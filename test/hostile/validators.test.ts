// The validators and request fields refuse every value of the hostile corpus for their kind,
// with a typed error and a message a person can read; and the search form of any accepted name
// fits a DynamoDB sort key. No network: the HTTP side is e2e/hostile-input.spec.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ZodError } from 'zod';
import { isArborError } from '../../lib/errors';
import {
  field, NAME_MAX_LENGTH, SEARCH_KEY_MAX_BYTES, searchKey, validateEmail, validateId, validateName, validateSearchPrefix,
} from '../../lib/validation';
import { hostileCursors, hostileEmails, hostileIds, hostileText, hostileValuesFor, hostileVersionParams, hostileVersions } from './corpus';
import { decodeCursor } from '../../lib/db';

function refuses(run: () => unknown, label: string) {
  try {
    run();
  } catch (e) {
    assert.ok(isArborError(e), `${label}: not a typed error: ${e}`);
    assert.equal(e.kind, 'invalid', label);
    assert.ok(e.message.length >= 15 && !/undefined|\[object/.test(e.message), `${label}: message "${e.message}"`);
    return;
  }
  assert.fail(`${label}: accepted`);
}

const label = (name: string, value: unknown) => `${name} (${JSON.stringify(value).slice(0, 40)})`;

test('names: every hostile text and wrong type is refused', () => {
  for (const [name, value] of hostileValuesFor('name', 'body')) refuses(() => validateName(value, 'unit'), label(name, value));
});

test('names: what is accepted fits a sort key in its search form, whatever it expands to', () => {
  const samples = ['Engineering', '🚀'.repeat(NAME_MAX_LENGTH), '\uFDFA'.repeat(22), 'ǅ'.repeat(NAME_MAX_LENGTH), 'ﬃ'.repeat(NAME_MAX_LENGTH), 'Straße '.repeat(14).trim()];
  for (const raw of samples) {
    let name: string;
    try {
      name = validateName(raw, 'unit');
    } catch {
      continue;
    }
    assert.ok(Buffer.byteLength(searchKey(name)) <= SEARCH_KEY_MAX_BYTES, label('accepted', raw));
  }
  assert.equal(validateName('  Ops, "Core" 🚀 / #1  ', 'unit'), 'Ops, "Core" 🚀 / #1');
  assert.equal(validateName('👨‍👩‍👧 Family', 'unit'), '👨‍👩‍👧 Family', 'joiners inside emoji stay allowed');
});

test('an expanding name is refused with a message that says why', () => {
  assert.throws(() => validateName(hostileText.expanders40, 'unit'), /count as several/);
});

test('search prefixes: hostile text is refused, the search form is bounded', () => {
  for (const [name, value] of hostileValuesFor('search', 'query')) refuses(() => validateSearchPrefix(value), label(name, value));
  assert.equal(validateSearchPrefix(' Khan '), 'khan');
});

test('emails: every hostile address is refused', () => {
  for (const [name, value] of Object.entries(hostileEmails)) refuses(() => validateEmail(value), label(name, value));
  assert.equal(validateEmail(' Ada@Example.COM '), 'ada@example.com');
});

test('ids: every hostile id is refused by the validator and by the request field', () => {
  const id = field.id('unit');
  for (const [name, value] of Object.entries(hostileIds)) {
    refuses(() => validateId(value, 'unit'), label(name, value));
    assert.equal(id.safeParse(value).success, false, label(name, value));
  }
  assert.equal(id.safeParse('01HZY5V0A7Q3M2N4P5R6S7T8V9').success, true);
});

test('versions: hostile values in a body and in a query string are refused', () => {
  for (const [name, value] of Object.entries(hostileVersions)) assert.equal(field.version.safeParse(value).success, false, label(name, value));
  for (const value of hostileVersionParams) assert.equal(field.versionParam.safeParse(value).success, false, label('param', value));
  assert.deepEqual([field.version.parse(3), field.versionParam.parse('42')], [3, 42]);
  assert.ok(field.version.safeParse(1e308).error instanceof ZodError);
});

test('cursors: forged, truncated and oversized cursors are a typed 400', () => {
  for (const [name, value] of Object.entries(hostileCursors)) refuses(() => decodeCursor('T4:scope', value), label(name, value));
});

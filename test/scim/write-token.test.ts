// SCIM writes answer a consistency token as the API's writes do (docs/api.md), so a directory that
// provisions someone can hand the token to a check that must see them; reads and refusals answer none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONSISTENCY_TOKEN_HEADER, consistencyTokenTime } from '../../lib/db';
import { newDirectory, PATCH, user } from './support';

test('a SCIM write answers its token; a read and a refusal answer none', async () => {
  const d = await newDirectory('ScimTokens');
  const before = Date.now();
  const created = await d.call('POST', 'Users', user(d.domain, 'ada'));
  assert.equal(created.status, 201);
  const time = consistencyTokenTime(created.headers.get(CONSISTENCY_TOKEN_HEADER) ?? '');
  assert.ok(time !== undefined && time >= before && time <= Date.now());
  const id = created.body!.id as string;

  const patched = await d.call('PATCH', `Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] });
  assert.equal(patched.status, 200);
  assert.notEqual(consistencyTokenTime(patched.headers.get(CONSISTENCY_TOKEN_HEADER) ?? ''), undefined);

  const read = await d.call('GET', `Users/${id}`);
  assert.equal(read.status, 200);
  assert.equal(read.headers.get(CONSISTENCY_TOKEN_HEADER), null);
  const refused = await d.call('POST', 'Users', { schemas: [] });
  assert.equal(refused.status, 400);
  assert.equal(refused.headers.get(CONSISTENCY_TOKEN_HEADER), null);

  const removed = await d.call('DELETE', `Users/${id}`);
  assert.equal(removed.status, 204);
  assert.notEqual(consistencyTokenTime(removed.headers.get(CONSISTENCY_TOKEN_HEADER) ?? ''), undefined);
});

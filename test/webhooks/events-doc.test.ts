// docs/webhooks.md lists exactly the event types endpoints can subscribe to (lib/webhooks
// WEBHOOK_EVENT_TYPES), no more and no fewer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { WEBHOOK_EVENT_TYPES } from '../../lib/webhooks';

test('docs/webhooks.md lists every event type, and only those', () => {
  const doc = readFileSync(resolve(import.meta.dirname, '../../docs/webhooks.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Events'), doc.indexOf('\n## ', doc.indexOf('## Events') + 1));
  // The first cell of each table row names the types, in backticks.
  const listed = section.split('\n').filter((l) => l.startsWith('| `')).flatMap((l) => [...l.split('|')[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  assert.deepEqual(listed.sort(), [...WEBHOOK_EVENT_TYPES].sort());
});

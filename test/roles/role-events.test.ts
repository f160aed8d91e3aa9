// The role catalogue's audit entries are webhook events (lib/webhooks/events.ts), each with its
// own type; and the audit log tells them in words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventOf, WEBHOOK_EVENT_TYPES } from '../../lib/webhooks/events';

const entry = (action: string, target: { type: string; id: string; label?: string }) => ({
  type: 'audit', tenantId: 't1', auditId: '01JAAAAAAAAAAAAAAAAAAAAAAA', action, at: '2026-11-28T06:00:00.000Z',
  actor: { userId: 'u1', email: 'ada@acme.test' }, target, after: { reach: 'subtree' },
});

test('each role and permission change becomes its event, carrying what the trail recorded', () => {
  const expected = {
    'role.create': 'role.created', 'role.update': 'role.updated', 'role.delete': 'role.deleted',
    'permission.create': 'permission.created', 'permission.update': 'permission.updated', 'permission.delete': 'permission.deleted',
  } as const;
  for (const [action, type] of Object.entries(expected)) {
    assert.ok((WEBHOOK_EVENT_TYPES as readonly string[]).includes(type), `${type} is subscribable`);
    const event = eventOf(entry(action, { type: action.split('.')[0], id: 'budget-approver', label: 'Budget approver' }));
    assert.equal(event?.type, type, action);
    assert.deepEqual(event?.data.target, { type: action.split('.')[0], id: 'budget-approver', label: 'Budget approver' });
    assert.deepEqual(event?.data.after, { reach: 'subtree' });
  }
});

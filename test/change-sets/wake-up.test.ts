// The scheduler's wake-up, POST /api/internal/run-due, as EventBridge (or the local scheduler)
// calls it: without its token it is not there; with it, a scheduled set that is due gets applied,
// with its tenant's own credentials, after the answer.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { readChangeSet, scheduleChangeSet } from '../../lib/change-sets';
import { approve, assertNoLocks, draft, reorgTenant, settled } from './fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const route = async () => (await import(join(ROOT, 'app/api/internal/run-due/route.ts'))) as { POST: (r: Request) => Promise<Response> };
const wake = async (token?: string) =>
  (await route()).POST(new Request('http://arbor.test/api/internal/run-due', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} }));

describe('POST /api/internal/run-due', () => {
  test('without the token, or with another, it answers 404 and starts nothing', async () => {
    const t = await reorgTenant('WakeRefused');
    const set = await draft(t, [{ kind: 'renameUnit', unitId: t.units.infra.id, name: 'Infrastructure' }]);
    await approve(t, set.header.setId);
    const ready = await readChangeSet(t.db, set.header.setId);
    await scheduleChangeSet(t.db, await t.actor(t.people.em), set.header.setId, ready.header.version, new Date(Date.now() + 300).toISOString());
    await new Promise((r) => setTimeout(r, 400));
    for (const token of [undefined, 'not-the-token-'.repeat(4)]) {
      const res = await wake(token);
      assert.equal(res.status, 404);
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'scheduler.notFound');
    }
    assert.equal((await readChangeSet(t.db, set.header.setId)).header.status, 'scheduled');
  });

  test('with the token, a due set is started and finishes applied', async () => {
    const t = await reorgTenant('WakeUp');
    const set = await draft(t, [{ kind: 'renameUnit', unitId: t.units.infra.id, name: 'Infrastructure' }]);
    await approve(t, set.header.setId);
    const ready = await readChangeSet(t.db, set.header.setId);
    await scheduleChangeSet(t.db, await t.actor(t.people.em), set.header.setId, ready.header.version, new Date(Date.now() + 300).toISOString());
    await new Promise((r) => setTimeout(r, 400));
    const res = await wake(process.env.ARBOR_SCHEDULER_TOKEN);
    assert.equal(res.status, 200);
    assert.ok(((await res.json()) as { taken: number }).taken >= 1);
    const done = await settled(t.db, set.header.setId);
    assert.equal(done.status, 'applied');
    await assertNoLocks(t.tenantId);
  });
});

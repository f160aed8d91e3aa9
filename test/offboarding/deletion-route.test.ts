// POST/DELETE /api/v1/settings/deletion through the real route handler: owners only (admins,
// managers and members refused with nothing written), the name typed must match, and the page's
// view shows the danger zone to owners only.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { entrySources } from '../../lib/api/with-actor';
import type { RequestActor } from '../../lib/auth';
import { addMembership, loadActorAccess } from '../../lib/members';
import { readScheduledDeletion } from '../../lib/offboarding';
import { getTenantSettings } from '../../lib/tenants';
import { person } from '../members/fixtures';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';

const ROOT = resolve(import.meta.dirname, '../..');
type Handler = (r: Request, ctx: unknown) => Promise<Response>;

async function call(method: 'POST' | 'DELETE', actor: RequestActor, body?: unknown) {
  entrySources.load = async () => actor;
  entrySources.require = async () => actor;
  const mod = (await import(join(ROOT, 'app/api/v1/settings/deletion/route.ts'))) as Record<string, Handler>;
  const res = await mod[method](
    new Request('http://arbor.test/api/v1/settings/deletion', {
      method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
    { params: Promise.resolve({}) },
  );
  return { status: res.status, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) };
}

describe('the danger zone is for owners', () => {
  after(() => {
    entrySources.beforeFirstWrite = undefined;
  });

  test('admins, managers and members are refused and nothing is marked; an owner schedules and cancels', async () => {
    const t = await newTenant('Danger');
    const db = tenantDbFor(t.tenantId);
    const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
    const name = (await getTenantSettings(db)).name;
    const actorOf = async (p: { userId: string; email: string; name: string }) => ({ ...(await loadActorAccess(db, p.userId)), email: p.email, name: p.name }) as RequestActor;
    for (const role of ['admin', 'member'] as const) {
      const p = { ...person(role), email: `${role}@${t.domain}` };
      await addMembership(db, owner, { unitId: t.rootUnitId, role, ...p });
      const refused = await call('POST', await actorOf(p), { confirmName: name });
      assert.equal(refused.status, 403, JSON.stringify(refused.json));
      assert.equal(refused.json!.error.code, 'authz.tenant.delete');
    }
    assert.equal(await readScheduledDeletion(db), undefined, 'nothing marked');

    const ownerActor = await actorOf(owner);
    const wrongName = await call('POST', ownerActor, { confirmName: 'Something else' });
    assert.equal(wrongName.status, 400);
    assert.equal(wrongName.json!.error.code, 'offboarding.nameMismatch');

    const scheduled = await call('POST', ownerActor, { confirmName: name });
    assert.equal(scheduled.status, 201, JSON.stringify(scheduled.json));
    assert.equal((await readScheduledDeletion(db))?.dueAt, scheduled.json!.dueAt);

    const admin = { ...person('admin2'), email: `admin2@${t.domain}` };
    await addMembership(db, owner, { unitId: t.rootUnitId, role: 'admin', ...admin });
    const adminCancel = await call('DELETE', await actorOf(admin));
    assert.equal(adminCancel.status, 403);
    assert.ok(await readScheduledDeletion(db), 'still scheduled');

    const cancelled = await call('DELETE', ownerActor);
    assert.ok(cancelled.status < 300, JSON.stringify(cancelled.json));
    assert.equal(await readScheduledDeletion(db), undefined);
    const again = await call('DELETE', ownerActor);
    assert.equal(again.status, 409);
    assert.equal(again.json!.error.code, 'offboarding.notScheduled');
  });
});

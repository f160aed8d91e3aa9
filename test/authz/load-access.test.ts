// loadActorAccess and whoCanAdminister against DynamoDB Local with real items: a tenant from P4,
// units through lib/org, memberships through lib/members (both directions).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { authorize, explainAccess, type UnitRef } from '../../lib/authz';
import type { DocumentClient, TenantDb } from '../../lib/db';
import { ArborError } from '../../lib/errors';
import { addMembership, changeRole, removeMembership, loadActorAccess } from '../../lib/members';
import { createUnit, getUnitOrThrow, whoCanAdminister } from '../../lib/org';
import { rootPath } from '../../lib/org/unit-item';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';

/** The same TenantDb, counting the requests it sends. */
function counting(db: TenantDb) {
  const sent: string[] = [];
  const client = { send: (cmd: { constructor: { name: string } }) => (sent.push(cmd.constructor.name), db.client.send(cmd as never)) };
  return { db: { ...db, client: client as unknown as DocumentClient }, sent };
}

describe('loadActorAccess and whoCanAdminister on DynamoDB Local', () => {
  let db: TenantDb;
  let ownerId: string;
  let root: UnitRef, eng: UnitRef, cloud: UnitRef, sales: UnitRef;
  const people: Record<string, string> = {};

  before(async () => {
    const t = await newTenant('Authz');
    db = tenantDbFor(t.tenantId);
    ownerId = t.ownerUserId;
    const actor = { userId: t.ownerUserId, email: t.ownerEmail };
    root = { id: t.rootUnitId, path: rootPath(t.rootUnitId), name: 'Top' };
    const unit = async (parent: UnitRef, name: string): Promise<UnitRef> => {
      const u = await createUnit(db, actor, { parentId: parent.id, name });
      return { id: u.id, path: u.path, name: u.name };
    };
    eng = await unit(root, 'Engineering');
    cloud = await unit(eng, 'Cloud');
    sales = await unit(root, 'Sales');
    const add = async (key: string, unit: UnitRef, role: string) => {
      const userId = people[key] ?? ulid();
      people[key] = userId;
      await addMembership(db, actor, { unitId: unit.id, role, userId, email: `${key}@${t.domain}`, name: key });
    };
    await add('ada', root, 'admin');
    await add('mia', eng, 'manager');
    await add('noah', cloud, 'manager');
    await add('max', cloud, 'member');
    await add('bea', sales, 'manager');
    await add('max', sales, 'member');
  });

  test('the actor’s memberships come from one Query, with their profile', async () => {
    const { db: counted, sent } = counting(db);
    const access = await loadActorAccess(counted, people.max);
    assert.deepEqual(sent, ['QueryCommand']);
    assert.equal(access.profile!.name, 'max');
    assert.deepEqual(access.memberships.map((m) => m.unitId).sort(), [cloud.id, sales.id].sort());
    assert.equal(explainAccess(access, 'tree.read', { unit: cloud }).allowed, true);
    assert.equal(explainAccess(access, 'tree.read', { unit: eng }).allowed, false);
  });

  test('a manager may rename inside their subtree and is refused outside it', async () => {
    const access = await loadActorAccess(db, people.mia);
    assert.equal(authorize(access, 'unit.rename', { unit: cloud }).grantedBy.unitId, eng.id);
    assert.throws(() => authorize(access, 'unit.rename', { unit: sales }), (e: unknown) => e instanceof ArborError && e.code === 'authz.unit.rename');
    assert.throws(() => authorize(access, 'unit.rename', { unit: eng }), /You manage Engineering/);
  });

  test('a role change is seen by the very next load (strongly consistent)', async () => {
    const userId = ulid();
    const actor = { userId: ownerId, email: 'owner@x.test' };
    const m = await addMembership(db, actor, { unitId: sales.id, role: 'manager', userId, email: `temp-${userId.toLowerCase()}@x.test`, name: 'Temp' });
    assert.equal(explainAccess(await loadActorAccess(db, userId), 'unit.create', { parent: sales }).allowed, true);
    await changeRole(db, actor, { unitId: sales.id, userId, role: 'member', expectedVersion: m.version });
    assert.equal(explainAccess(await loadActorAccess(db, userId), 'unit.create', { parent: sales }).allowed, false);
  });

  test('someone with no membership in the tenant is refused before anything else', async () => {
    await assert.rejects(loadActorAccess(db, ulid()), (e: unknown) => e instanceof ArborError && e.code === 'tenant.notMember' && e.kind === 'forbidden');
  });

  test('memberships in another tenant count for nothing here', async () => {
    const other = await newTenant('Other');
    await assert.rejects(loadActorAccess(tenantDbFor(other.tenantId), people.mia), /not a member of this organization/);
    await assert.rejects(loadActorAccess(db, other.ownerUserId), /not a member of this organization/);
  });

  test('whoCanAdminister: owners and admins, then the managers of the unit and its ancestors, nearest first', async () => {
    const unit = await getUnitOrThrow(db, cloud.id);
    const { db: counted, sent } = counting(db);
    const admins = await whoCanAdminister(counted, unit);
    assert.deepEqual(sent, ['BatchGetCommand'], 'the ancestors (root, Engineering) in one BatchGetItem; the unit carries its own');
    assert.deepEqual(
      admins.map((a) => [a.name || a.userId, a.grantedBy.role, a.grantedBy.unitId]),
      [
        [ownerName(admins, ownerId), 'owner', root.id],
        ['ada', 'admin', root.id],
        ['noah', 'manager', cloud.id],
        ['mia', 'manager', eng.id],
      ],
    );
    assert.ok(!admins.some((a) => a.userId === people.max || a.userId === people.bea));
  });

  test('whoCanAdminister agrees with the decision core for every person listed', async () => {
    for (const ref of [root, eng, cloud, sales]) {
      const unit = await getUnitOrThrow(db, ref.id);
      for (const a of await whoCanAdminister(db, unit)) {
        const access = await loadActorAccess(db, a.userId);
        assert.equal(explainAccess(access, 'members.read', { unit }).allowed, true);
        assert.equal(explainAccess(access, 'membership.add', { unit, role: 'member', userId: ulid() }).allowed, true, `${a.name} on ${unit.name}`);
      }
    }
  });
});

const ownerName = (admins: { userId: string; name: string }[], ownerId: string) => admins.find((a) => a.userId === ownerId)?.name ?? '?';

describe('units carry their administrators through role changes and removals', () => {
  test('the map follows add, demotion and removal, and stays out of member-only units', async () => {
    const t = await newTenant('AdminMap');
    const db = tenantDbFor(t.tenantId);
    const actor = { userId: t.ownerUserId, email: t.ownerEmail };
    const team = await createUnit(db, actor, { parentId: t.rootUnitId, name: 'Team' });
    const lee = ulid();
    const added = await addMembership(db, actor, { unitId: team.id, role: 'manager', userId: lee, email: `lee@${t.domain}`, name: 'Lee' });
    assert.deepEqual((await getUnitOrThrow(db, team.id)).administrators, { [lee]: { role: 'manager', name: 'Lee', email: `lee@${t.domain}` } });
    const demoted = await changeRole(db, actor, { unitId: team.id, userId: lee, role: 'member', expectedVersion: added.version });
    assert.deepEqual((await getUnitOrThrow(db, team.id)).administrators, {});
    await changeRole(db, actor, { unitId: team.id, userId: lee, role: 'manager', expectedVersion: demoted.version });
    assert.equal((await getUnitOrThrow(db, team.id)).administrators?.[lee]?.role, 'manager');
    assert.deepEqual(Object.keys((await getUnitOrThrow(db, t.rootUnitId)).administrators ?? {}), [t.ownerUserId]);
    const current = (await getUnitOrThrow(db, team.id));
    await removeMembership(db, actor, { unitId: team.id, userId: lee, expectedVersion: demoted.version + 1 });
    assert.deepEqual((await getUnitOrThrow(db, current.id)).administrators, {});
  });
});

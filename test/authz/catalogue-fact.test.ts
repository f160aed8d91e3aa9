// A decision granted through a custom role stands on the role catalogue as read: on DynamoDB
// Local, a rename allowed by a custom role writes while the catalogue is unchanged, and writes
// nothing (409 authz.stale) when the catalogue changed between the decision and the write. The
// custom role is put on the membership items directly: giving it is lib/members' write, not
// this test's subject.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { z } from 'zod';
import { createEntryPoints } from '../../lib/api/actor-entry';
import type { RequestActor } from '../../lib/auth';
import type { RoleCatalogue } from '../../lib/authz';
import { keys, type TenantDb } from '../../lib/db';
import { addMembership, loadActorAccess } from '../../lib/members';
import { createUnit, renameUnit } from '../../lib/org';
import { toUnit } from '../../lib/org/unit-item';
import { readRoleCatalogue, roleCatalogueItem } from '../../lib/roles';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { rawClient } from '../support/raw-client';

const at = '2026-11-28T00:00:00.000Z';
const catalogue = (version: number): RoleCatalogue => ({
  version,
  roles: { renamer: { key: 'renamer', name: 'Renamer', description: '', permissions: ['unit.rename'], reach: 'below', version: 1, createdAt: at, updatedAt: at } },
  permissions: {},
});

describe('a custom role’s decision is bound to the catalogue’s version', () => {
  let db: TenantDb;
  let memberId: string;
  let unitId: string;
  let entry: ReturnType<typeof createEntryPoints<RequestActor>>;

  before(async () => {
    const t = await newTenant('CatalogueFact');
    db = tenantDbFor(t.tenantId);
    const owner = { userId: t.ownerUserId, email: t.ownerEmail };
    memberId = ulid();
    await addMembership(db, owner, { unitId: t.rootUnitId, role: 'member', userId: memberId, email: `m@${t.domain}`, name: 'Member' });
    unitId = (await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Cloud' })).id;
    const raw = rawClient(db);
    await raw.send(new PutCommand({ TableName: db.tableName, Item: roleCatalogueItem(db.tenantId, catalogue(1)) }));
    for (const key of [keys.userMembership(db.tenantId, memberId, t.rootUnitId), keys.unitMember(db.tenantId, t.rootUnitId, memberId)]) {
      await raw.send(new UpdateCommand({ TableName: db.tableName, Key: key, UpdateExpression: 'SET #r = :r', ExpressionAttributeNames: { '#r': 'roles' }, ExpressionAttributeValues: { ':r': ['renamer'] } }));
    }
    await readRoleCatalogue(db, { fresh: true });
    const load = async () => ({ ...(await loadActorAccess(db, memberId)), email: `m@${t.domain}`, name: 'Member', db });
    entry = createEntryPoints({ load, require: load });
  });

  const readUnit = async (tdb: TenantDb) => toUnit((await tdb.client.send(new GetCommand({ TableName: tdb.tableName, Key: keys.unit(tdb.tenantId, unitId) }))).Item!);

  /** PATCH: rename the unit, decided as unit.rename; `meanwhile` runs between the decision and the write. */
  const rename = (name: string, meanwhile: (tdb: TenantDb) => Promise<void>) =>
    entry.withActor({ body: z.object({ name: z.string() }) }, async ({ db: tdb, actor, authorize, body }) => {
      const unit = await readUnit(tdb);
      const decision = authorize('unit.rename', { unit: { id: unit.id, path: unit.path, name: unit.name } });
      assert.equal(decision.grantedBy.customRole, 'renamer');
      await meanwhile(tdb);
      return renameUnit(tdb, actor, { unitId: unit.id, name: body.name, expectedVersion: unit.version });
    });
  const send = (handler: ReturnType<typeof rename>, name: string) =>
    handler(new Request('http://arbor.test/api/v1/x', { method: 'PATCH', body: JSON.stringify({ name }) }), { params: Promise.resolve({}) });

  test('unchanged catalogue: the rename is written', async () => {
    const res = await send(rename('Cloud Platform', async () => {}), 'Cloud Platform');
    assert.equal(res.status, 200);
    assert.equal((await readUnit(db)).name, 'Cloud Platform');
  });

  test('the catalogue changed meanwhile: 409 authz.stale, nothing written', async () => {
    const before = await readUnit(db);
    const bump = async (tdb: TenantDb) => {
      await rawClient(tdb).send(new PutCommand({ TableName: tdb.tableName, Item: roleCatalogueItem(tdb.tenantId, catalogue(2)) }));
    };
    const res = await send(rename('Cloud Again', bump), 'Cloud Again');
    assert.equal(res.status, 409);
    assert.equal((await res.json()).error.code, 'authz.stale');
    assert.deepEqual(await readUnit(db), before);
  });
});

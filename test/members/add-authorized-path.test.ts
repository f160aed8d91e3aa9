// An add authorized for one place never lands in another: with `expectedPath`, a unit that moved
// since the caller's permission check refuses the add and nothing is written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ulid } from 'ulid';
import { addMembership, getUserMemberships } from '../../lib/members';
import { createUnit, getUnitOrThrow, moveUnit } from '../../lib/org';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';

test('a unit moved after the permission check refuses the add and changes nothing', async () => {
  const t = await newTenant('Moved');
  const db = tenantDbFor(t.tenantId);
  const actor = { userId: t.ownerUserId, email: t.ownerEmail };
  const a = await createUnit(db, actor, { parentId: t.rootUnitId, name: 'A' });
  const b = await createUnit(db, actor, { parentId: t.rootUnitId, name: 'B' });
  const team = await createUnit(db, actor, { parentId: a.id, name: 'Team' });
  const authorizedPath = team.path;
  await moveUnit(db, actor, { unitId: team.id, newParentId: b.id, expectedVersion: team.version });

  const userId = ulid();
  await assert.rejects(
    addMembership(db, actor, { unitId: team.id, role: 'member', userId, email: `new@${t.domain}`, name: 'New', expectedPath: authorizedPath }),
    (e: Error & { code?: string }) => e.code === 'unit.moved',
  );
  assert.equal((await getUnitOrThrow(db, team.id)).memberCount, 0);
  assert.deepEqual((await getUserMemberships(db, userId)).memberships, []);

  const moved = await getUnitOrThrow(db, team.id);
  const added = await addMembership(db, actor, { unitId: team.id, role: 'member', userId, email: `new@${t.domain}`, name: 'New', expectedPath: moved.path });
  assert.equal(added.unitPath, moved.path);
});

// T12 change role: both directions of one membership, conditioned on the version the caller
// read.
//
// The tenant's ownerCount moves with the owner role in the same transaction; demoting an owner
// is conditioned on `ownerCount > 1`, so the last owner can never be demoted, even by two
// concurrent demotions of the last two owners.
import 'server-only';
import { administratorClause } from './unit-administrators';
import { auditEntryPut } from '../audit';
import { keys, transaction, type AuditActor, type TenantDb, type TransactItem } from '../db';
import { versionConflict } from '../errors';
import { validateId } from '../validation';
import { lastOwner, membershipNotFound } from './errors';
import { membershipConflict, readProfile, readUnitMember, unitRefusal } from './member-reads';
import { validateVersion } from '../validation/version';
import { assertRoleFitsUnit, membershipKeys, validateRole, type Membership } from './membership-items';
import { ownerCountUpdate } from './owner-count';
import { profileSummaryUpdate, summaryRoleChange } from '../profiles';
import { lockFree, valuesOrNone } from '../org/unit-lock';

export interface ChangeRoleInput {
  unitId: string;
  userId: string;
  role: string;
  /** With it, the custom roles held beside `role` are replaced too (directory sync sets both at once). */
  roles?: string[];
  expectedVersion: number;
}

export async function changeRole(db: TenantDb, actor: AuditActor, input: ChangeRoleInput): Promise<Membership> {
  const unitId = validateId(input?.unitId, 'unit');
  const userId = validateId(input.userId, 'user');
  const role = validateRole(input.role);
  const expectedVersion = validateVersion(input.expectedVersion, 'membership');

  const [current, profile] = await Promise.all([readUnitMember(db, unitId, userId), readProfile(db, userId)]);
  if (!current || !profile) throw membershipNotFound();
  if (current.version !== expectedVersion) throw versionConflict('membership', current.version, current);
  assertRoleFitsUnit(role, current.unitPath);
  const roles = input.roles ?? current.roles ?? [];
  const before = current.roles ?? [];
  if (current.role === role && roles.length === before.length && roles.every((k) => before.includes(k))) return current;

  const now = new Date().toISOString();
  const next = expectedVersion + 1;
  const update = (Key: { PK: string; SK: string }): TransactItem => ({
    Update: {
      TableName: db.tableName,
      Key,
      UpdateExpression: `SET #role = :role, #version = :next, updatedAt = :now${roles.length ? ', #roles = :roles' : ' REMOVE #roles'}`,
      ConditionExpression: '#version = :expected',
      ExpressionAttributeNames: { '#role': 'role', '#version': 'version', '#roles': 'roles' },
      ExpressionAttributeValues: { ':role': role, ':next': next, ':now': now, ':expected': expectedVersion, ...(roles.length ? { ':roles': roles } : {}) },
    },
  });
  const admin = administratorClause(userId, { role, name: current.name, email: current.email });
  const free = lockFree(db);
  const tx = transaction(db)
    .add(membershipKeys(db.tenantId, unitId, userId).map(update), () => membershipConflict(db, unitId, userId))
    .add({
      // A locked unit refuses every edit, membership edits included (unless the db holds its
      // lock). The unit's administrators map follows the new role.
      Update: {
        TableName: db.tableName,
        Key: keys.unit(db.tenantId, unitId),
        UpdateExpression: admin.set ? `SET ${admin.set}` : `REMOVE ${admin.remove}`,
        ConditionExpression: `attribute_exists(PK) AND ${free.expression}`,
        ExpressionAttributeNames: { ...free.names, ...admin.names },
        ...valuesOrNone({ ...(admin.set ? admin.values : {}), ...free.values }),
      },
    }, () => unitRefusal(db, unitId));
  // The profile's summary follows the role (listed units show it; the role counts move).
  if (role !== current.role) tx.add(profileSummaryUpdate(db.tableName, keys.tenantUser(db.tenantId, userId), summaryRoleChange(unitId in profile.units, unitId, current.role, role)));
  const ownerDelta = (role === 'owner' ? 1 : 0) - (current.role === 'owner' ? 1 : 0);
  if (ownerDelta !== 0) tx.add(ownerCountUpdate(db, ownerDelta), () => lastOwner('demote'));
  tx.add(
    auditEntryPut(db, {
      actor, action: 'membership.roleChange',
      target: { type: 'membership', id: `${unitId}/${userId}`, label: current.email },
      unitId, before: { role: current.role, ...(before.length ? { roles: before } : {}) }, after: { role, ...(roles.length ? { roles } : {}) },
    }),
  );

  await tx.send();
  const { roles: _held, ...rest } = current;
  return { ...rest, role, ...(roles.length ? { roles } : {}), version: next, updatedAt: now };
}

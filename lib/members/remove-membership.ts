// T12 remove: one membership, both directions, conditioned on the version the caller read.
//
// The profile's membershipCount goes down by one in the same transaction, and the profile is
// deleted with the last membership (the person leaves the tenant and drops out of their tenant
// list, P2). Both are conditioned on the count that was read, so two concurrent removals of the
// same person's last two memberships cannot both leave a profile behind or both delete it; a
// count changed underneath us is re-read and retried, the caller's version check stays as sent.
import 'server-only';
import { administratorClause } from './unit-administrators';
import { auditEntryPut } from '../audit';
import { keys, transaction, withoutGuards, type AuditActor, type TenantDb, type TransactItem } from '../db';
import { versionConflict } from '../errors';
import { profileWordDeletes } from '../items/name-words';
import { validateId } from '../validation';
import { lastOwner, membershipBusy, membershipNotFound } from './errors';
import { membershipConflict, readProfile, readUnitMember, unitRefusal } from './member-reads';
import { validateVersion } from '../validation/version';
import { membershipKeys, type Membership } from './membership-items';
import { profileCountChange } from '../profiles';
import { ownerCountUpdate } from './owner-count';
import { lockFree } from '../org/unit-lock';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';
import { clearLinesOf } from '../reporting-lines';

export interface RemoveMembershipInput {
  unitId: string;
  userId: string;
  expectedVersion: number;
}


export async function removeMembership(db: TenantDb, actor: AuditActor, input: RemoveMembershipInput): Promise<Membership> {
  const unitId = validateId(input?.unitId, 'unit');
  const userId = validateId(input.userId, 'user');
  const expectedVersion = validateVersion(input.expectedVersion, 'membership');

  for (let attempt = 1; ; attempt++) {
    const [current, profile] = await Promise.all([readUnitMember(db, unitId, userId), readProfile(db, userId)]);
    if (!current) throw membershipNotFound();
    if (current.version !== expectedVersion) throw versionConflict('membership', current.version, current);
    if (!profile) throw new Error(`removeMembership: ${userId} has a membership but no tenant profile`);

    const tx = transaction(db)
      .add(membershipDeletes(db, current), () => membershipConflict(db, unitId, userId))
      .add(unitMemberCountDecrement(db, unitId, userId), () => unitRefusal(db, unitId));
    if (current.role === 'owner') tx.add(ownerCountUpdate(db, -1), () => lastOwner('remove'));
    // The profile count (the same person joined or left another unit meanwhile): read again.
    tx.add(profileCountChange(db, profile, [current]), () => 'retry')
      .add(
        auditEntryPut(db, {
          actor, action: 'membership.remove',
          target: { type: 'membership', id: `${unitId}/${userId}`, label: current.email },
          unitId, before: { userId, email: current.email, role: current.role },
        }),
      )
      // The last membership takes the profile and its name words (T10) with it.
      .add(profileWordDeletes(db, profile, 1), () => 'retry');

    if ((await tx.send()) === 'written') {
      // They left the organization with it: their reporting lines go too. Unguarded: it follows
      // from the removal decided, whose facts (this membership) are gone now.
      if (profile.membershipCount <= 1) await clearLinesOf(withoutGuards(db), actor, userId);
      return current;
    }
    if (attempt >= RETRY_LIMITS.redecide) throw membershipBusy();
    await backoff(attempt);
  }
}

/** Deletes both directions of a membership, each conditioned on the version read. */
export function membershipDeletes(db: TenantDb, m: Membership): TransactItem[] {
  const del = (Key: { PK: string; SK: string }): TransactItem => ({
    Delete: {
      TableName: db.tableName,
      Key,
      ConditionExpression: '#version = :v',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':v': m.version },
    },
  });
  return membershipKeys(db.tenantId, m.unitId, m.userId).map(del);
}

/**
 * One member fewer on the unit (and out of its administrators map); like every edit, refused
 * while the unit is locked against the db.
 */
export function unitMemberCountDecrement(db: TenantDb, unitId: string, userId: string): TransactItem {
  const admin = administratorClause(userId);
  const free = lockFree(db);
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.unit(db.tenantId, unitId),
      UpdateExpression: `SET memberCount = memberCount - :one REMOVE ${admin.remove}`,
      ConditionExpression: `attribute_exists(PK) AND ${free.expression}`,
      ExpressionAttributeNames: { ...free.names, ...admin.names },
      ExpressionAttributeValues: { ':one': 1, ...free.values },
    },
  };
}

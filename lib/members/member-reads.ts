// Strongly consistent point reads the membership writes start from.
import 'server-only';
import { getItem, INDEX, keys, queryAll, updateItem, type TenantDb } from '../db';
import { unitLocked, unitNotFound } from '../org/errors';
import type { Unit } from '../org/unit-item';
import { readUnit } from '../org/unit-reads';
import { lockAgainst } from '../org/unit-lock';
import { versionConflict } from '../errors';
import { membershipNotFound } from './errors';
import { toMembership, toTenantUser, type Membership, type TenantUser } from './membership-items';

/** The unit a membership write targets: it must exist and not be locked against the db. */
export async function readWritableUnit(db: TenantDb, unitId: string): Promise<Unit> {
  const unit = await readUnit(db, unitId);
  if (!unit) throw unitNotFound();
  assertUnlocked(db, unit);
  return unit;
}

/** Refuses a unit locked against the db (a lock the db holds itself doesn't count). */
export function assertUnlocked(db: TenantDb, unit: Unit) {
  const lock = lockAgainst(db, unit);
  if (lock) throw unitLocked(lock);
}

/** Why a write's membership condition failed: it changed (its version now), or it is gone. */
export async function membershipConflict(db: TenantDb, unitId: string, userId: string) {
  const stored = await readUnitMember(db, unitId, userId);
  return stored ? versionConflict('membership', stored.version, stored) : membershipNotFound();
}

/** Why a write's unit condition failed: the unit is gone, or a lock refuses the db. */
export async function unitRefusal(db: TenantDb, unitId: string) {
  const unit = await readUnit(db, unitId);
  return unit ? unitLocked(lockAgainst(db, unit)) : membershipNotFound();
}

export async function readProfile(db: TenantDb, userId: string): Promise<TenantUser | undefined> {
  const item = await getItem(db, keys.tenantUser(db.tenantId, userId));
  return item ? toTenantUser(item) : undefined;
}

export async function readUnitMember(db: TenantDb, unitId: string, userId: string): Promise<Membership | undefined> {
  const item = await getItem(db, keys.unitMember(db.tenantId, unitId, userId));
  return item ? toMembership(item) : undefined;
}

/**
 * The tenant profile with exactly this email, from GSI2 (the email list also holds pending
 * invitations, hence the type filter). Index reads are eventually consistent; callers re-read
 * the profile from the table before relying on its counters.
 */
export async function findProfileByEmail(db: TenantDb, email: string): Promise<TenantUser | undefined> {
  const [item] = await queryAll(db, {
    IndexName: INDEX.gsi2,
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK = :email',
    FilterExpression: '#type = :type',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':pk': keys.gsi2.emails(db.tenantId), ':email': email, ':type': 'tenantUser' },
  });
  return item ? toTenantUser(item) : undefined;
}

/**
 * Notes a completed sign-in on the person's profile (the people list's "last sign-in"). Bookkeeping,
 * not an edit: no version bump, no audit entry; a profile removed meanwhile is left alone.
 */
export async function recordSignIn(db: TenantDb, userId: string, at = new Date()): Promise<void> {
  await updateItem(db, {
    Key: keys.tenantUser(db.tenantId, userId),
    UpdateExpression: 'SET lastSignInAt = :at',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':at': at.toISOString() },
  });
}

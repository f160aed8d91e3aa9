// T12 add: a user joins a unit with a role.
//
// One TransactWriteItems writes both directions of the membership, creates the user's tenant
// profile on their first membership (or counts one more), adds one to the unit's memberCount
// (conditioned on the unit existing, not being locked against the db, and still having the path
// that was copied into the membership) and to the tenant's ownerCount for an owner, plus the
// audit entry. The profile and unit conditions only fail when something moved underneath us, so those
// cases are re-read and retried; a duplicate membership is a clear conflict.
import 'server-only';
import { administratorClause } from './unit-administrators';
import { auditEntryPut } from '../audit';
import { keys, transaction, type AuditActor, type TenantDb, type TransactItem } from '../db';
import type { ArborError } from '../errors';
import { unitMoved } from '../org/errors';
import { lockFree } from '../org/unit-lock';
import { tenantNotFound } from '../tenancy/errors';
import { membershipBusy, membershipExists, noUser, userNotFound } from './errors';
import { nameWordPuts } from '../items/name-words';
import { validateEmail, validateId, validateName } from '../validation';
import { findProfileByEmail, readProfile, readWritableUnit } from './member-reads';
import {
  assertRoleFitsUnit,
  tenantUserItem,
  unitMemberItem,
  userMembershipItem,
  validateRole,
  type Membership,
  type TenantUser,
} from './membership-items';
import { ownerCountUpdate } from './owner-count';
import { summaryAdd, updateExpression } from '../profiles';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';

export interface AddMembershipInput {
  unitId: string;
  role: string;
  /** Custom role keys held beside `role` (docs/roles.md), already checked against the catalogue. */
  roles?: string[];
  /**
   * The unit path the caller authorized against. When given, the add is refused if the unit has
   * moved since (the write is conditioned on this path), so a permission decided for one place
   * never applies to another.
   */
  expectedPath?: string;
  /**
   * The person's user id. Alone, they must already be in the tenant. With email and name it is
   * their global identity (resolved with platform credentials, e.g. `ensureUser` at sign-in) and
   * may be new to the tenant.
   */
  userId?: string;
  /** Without userId: someone already in the tenant, found by email. */
  email?: string;
  name?: string;
  /** Directory sync's memberships say so (shown in the console; the directory keeps them). */
  managedBy?: 'directory';
}

/** Extra items written in the same transaction (e.g. deleting the invitation being accepted). */
export interface AddMembershipExtra {
  items: TransactItem[];
  /** The error to throw when one of the extra items' conditions fails. */
  onConditionFailed: () => ArborError;
  /** Audit action to record instead of 'membership.add'. */
  action?: string;
}


export async function addMembership(db: TenantDb, actor: AuditActor, input: AddMembershipInput): Promise<Membership> {
  return addMembershipWith(db, actor, input);
}

export async function addMembershipWith(
  db: TenantDb,
  actor: AuditActor,
  input: AddMembershipInput,
  extra?: AddMembershipExtra,
): Promise<Membership> {
  const unitId = validateId(input?.unitId, 'unit');
  const role = validateRole(input.role);
  const person = validatePerson(input);

  for (let attempt = 1; ; attempt++) {
    const [unit, user] = await Promise.all([readWritableUnit(db, unitId), resolveUser(db, person)]);
    if (input.expectedPath !== undefined && unit.path !== input.expectedPath) throw unitMoved();
    assertRoleFitsUnit(role, unit.path);

    const now = new Date().toISOString();
    const profile = user.profile;
    const membership: Membership = {
      tenantId: db.tenantId, unitId, userId: user.userId, role,
      email: profile?.email ?? user.email, name: profile?.name ?? user.name,
      unitPath: unit.path, version: 1, createdAt: now, updatedAt: now,
      ...(input.roles?.length ? { roles: input.roles } : {}),
      ...(input.managedBy ? { managedBy: input.managedBy } : {}),
    };
    const admin = administratorClause(user.userId, membership);
    const free = lockFree(db);
    const put = (Item: Record<string, unknown>): TransactItem => ({
      Put: { TableName: db.tableName, Item, ConditionExpression: 'attribute_not_exists(PK)' },
    });
    // The profile or the unit changed between our read and the write (a concurrent add or
    // remove for the same person, or a move): read again.
    const tx = transaction(db)
      .add([put(unitMemberItem(membership)), put(userMembershipItem(membership))], () => membershipExists(membership.email, unit.name))
      .add(
        profile
          ? profileAdd(db, profile, unitId, role)
          : put(tenantUserItem({ tenantId: db.tenantId, userId: user.userId, email: membership.email, name: membership.name, memberships: [{ unitId, role }], joinedAt: now })),
        () => 'retry',
      )
      .add({
        Update: {
          TableName: db.tableName,
          Key: keys.unit(db.tenantId, unitId),
          UpdateExpression: `SET memberCount = memberCount + :one${admin.set ? `, ${admin.set}` : ''}`,
          ConditionExpression: `attribute_exists(PK) AND ${free.expression} AND #path = :path`,
          ExpressionAttributeNames: { ...free.names, '#path': 'path', ...(admin.set ? admin.names : {}) },
          ExpressionAttributeValues: { ':one': 1, ':path': unit.path, ...admin.values, ...free.values },
        },
      }, () => 'retry');
    if (role === 'owner') tx.add(ownerCountUpdate(db, 1), () => tenantNotFound());
    if (extra) tx.add(extra.items, extra.onConditionFailed);
    tx.add(
      auditEntryPut(db, {
        actor, action: extra?.action ?? 'membership.add',
        target: { type: 'membership', id: `${unitId}/${user.userId}`, label: membership.email },
        unitId, after: { userId: user.userId, email: membership.email, role, ...(membership.roles ? { roles: membership.roles } : {}) },
      }),
    );
    // A new profile's name words (T10).
    if (!profile) tx.add(nameWordPuts(db, { kind: 'tenantUser', id: user.userId }, membership.name), () => 'retry');

    if ((await tx.send()) === 'written') return membership;
    if (attempt >= RETRY_LIMITS.redecide) throw membershipBusy();
    await backoff(attempt);
  }
}

/**
 * One more membership on an existing profile: counted and summarized. Conditioned on the count
 * read, so the summary's cap is decided on what is stored (a concurrent add retries).
 */
function profileAdd(db: TenantDb, profile: TenantUser, unitId: string, role: Membership['role']): TransactItem {
  const summary = summaryAdd(Object.keys(profile.units).length, unitId, role);
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.tenantUser(db.tenantId, profile.userId),
      UpdateExpression: updateExpression(['membershipCount = membershipCount + :one', ...summary.set]),
      ConditionExpression: 'membershipCount = :count',
      ExpressionAttributeNames: summary.names,
      ExpressionAttributeValues: { ...summary.values, ':one': 1, ':count': profile.membershipCount },
    },
  };
}

interface PersonInput {
  userId?: string;
  email?: string;
  name?: string;
}

function validatePerson(input: AddMembershipInput): PersonInput {
  const userId = input.userId === undefined ? undefined : validateId(input.userId, 'user');
  const email = input.email === undefined ? undefined : validateEmail(input.email);
  const name = input.name === undefined ? undefined : validateName(input.name, 'user');
  if ((!userId && !email) || (userId && !!email !== !!name)) throw noUser();
  return { userId, email, name };
}

async function resolveUser(db: TenantDb, person: PersonInput): Promise<{ userId: string; email: string; name: string; profile?: TenantUser }> {
  if (person.userId) {
    const profile = await readProfile(db, person.userId);
    if (profile) return { userId: person.userId, email: profile.email, name: profile.name, profile };
    if (person.email && person.name) return { userId: person.userId, email: person.email, name: person.name };
    throw userNotFound();
  }
  const found = await findProfileByEmail(db, person.email!);
  if (!found) throw userNotFound(person.email);
  // The index copy is eventually consistent: the table read is what the write is based on.
  const profile = await readProfile(db, found.userId);
  if (!profile) throw userNotFound(person.email);
  return { userId: profile.userId, email: profile.email, name: profile.name, profile };
}


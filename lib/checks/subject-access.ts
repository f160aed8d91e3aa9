// Who a check is about, and what they hold (T20): the subject named by id, email or directory
// external id becomes a user id of this organization, then their memberships come from ONE
// strongly consistent Query of their partition (T8), each carrying its unit's path, so no unit
// is read to decide.
import 'server-only';
import type { Grant } from '../authz';
import { INDEX, keys, queryAll, type TenantDb } from '../db';
import { findProfileByEmail, getUserMemberships } from '../members';
import type { Subject } from './types';

/** The subject's side of a check, as read at `readAt` (the moment its read began). */
export interface SubjectAccess {
  userId: string;
  /** They have a profile in this organization; otherwise the check answers check.subjectNotFound. */
  found: boolean;
  /** Their email in this organization (lower-cased) and the directory's id for them: what a looked-up subject is checked against. */
  email?: string;
  externalId?: string;
  /** What decides; empty when the directory deactivated them (their memberships then grant nothing). */
  memberships: Grant[];
  deactivated: boolean;
  readAt: number;
}

/** A request's subject (exactly one field, as the operation's schema refines it) as the domain's. */
export function toSubject(raw: { userId?: string; email?: string; externalId?: string }): Subject {
  if (raw.userId !== undefined) return { userId: raw.userId };
  if (raw.email !== undefined) return { email: raw.email };
  return { externalId: raw.externalId ?? '' };
}

/**
 * The user id the subject names in this organization, or undefined when nobody here has it. An
 * email or external id is looked up in an index (eventually consistent: someone added a moment
 * ago may not be found yet; docs/checks.md, "Consistency"); a user id is taken as it is and
 * proven by the Query of readSubjectAccess.
 */
export async function resolveSubject(db: TenantDb, subject: Subject): Promise<string | undefined> {
  if ('userId' in subject) return subject.userId;
  // Text no index key can hold (empty, or not well-formed Unicode) is nobody's: nothing is read.
  const value = 'email' in subject ? subject.email.trim().toLowerCase() : subject.externalId;
  if (value === '' || !value.isWellFormed()) return undefined;
  if ('email' in subject) return (await findProfileByEmail(db, value))?.userId;
  const [item] = await queryAll(db, {
    IndexName: INDEX.gsi3,
    KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK = :externalId',
    ExpressionAttributeValues: { ':pk': keys.gsi3.directoryExternalIds(db.tenantId, 'user'), ':externalId': value },
    ProjectionExpression: 'userId',
  });
  return typeof item?.userId === 'string' ? item.userId : undefined;
}

/** The subject's profile and memberships from one strongly consistent Query of their partition. */
export async function readSubjectAccess(db: TenantDb, userId: string): Promise<SubjectAccess> {
  const readAt = Date.now();
  const { user, memberships, deactivated, externalId } = await getUserMemberships(db, userId);
  const found = user !== undefined && memberships.length > 0;
  return {
    userId,
    found,
    ...(user ? { email: user.email.toLowerCase() } : {}),
    ...(externalId !== undefined ? { externalId } : {}),
    memberships: found && !deactivated ? memberships.map(grantOf) : [],
    deactivated,
    readAt,
  };
}

const grantOf = (m: Grant): Grant => ({ unitId: m.unitId, unitPath: m.unitPath, role: m.role, ...(m.roles?.length ? { roles: m.roles } : {}) });

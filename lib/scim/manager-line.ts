// The enterprise extension's `manager` as a reporting line (docs/scim.md#manager): the directory's
// manager id is kept on its User (as sent), and the line follows it through the same write as the
// console's, as the directory's actor, with source `directory`. A manager Arbor does not know yet
// is awaited and applied when they come into the organization (their profile created by a
// placement); a loop the IdP sends is refused before anything is written (400 invalidValue). A
// manager sent as the directory's own id (Okta mapping an employee number) is found by externalId.
import 'server-only';
import { INDEX, keys, queryAll } from '../db';
import { isArborError } from '../errors';
import {
  awaitingReports, awaitManager, checkChain, getReportingLine, readLineChange, setManager, stopAwaiting,
} from '../reporting-lines';
import { ULID } from '../validation';
import { recordDirectoryError } from './directory-config';
import type { SyncContext } from './place-people';
import { badValue } from './protocol-errors';
import type { DirectoryUser } from './user-resource';

/**
 * The manager as an Arbor user id: the SCIM `id` Arbor gave them, or else the one User whose
 * externalId it is (one Query of the sparse externalId index); undefined when neither.
 */
async function managerIdOf(ctx: SyncContext, user: Pick<DirectoryUser, 'managerId'> | undefined): Promise<string | undefined> {
  const value = user?.managerId;
  if (!value) return undefined;
  if (ULID.test(value)) return value;
  const found = await queryAll(ctx.db, {
    IndexName: INDEX.gsi3,
    KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK = :id',
    ExpressionAttributeValues: { ':pk': keys.gsi3.directoryExternalIds(ctx.db.tenantId, 'user'), ':id': value },
  });
  const ids = [...new Set(found.map((u) => String(u.userId)))];
  // Two Users with one externalId: which is meant is the directory's to say, not ours to guess.
  return ids.length === 1 ? ids[0] : undefined;
}

/** Before a replace or patch is written: a loop or a chain too long is the IdP's bad value. */
export async function refuseManagerLoop(ctx: SyncContext, userId: string, next: Pick<DirectoryUser, 'managerId'>): Promise<void> {
  const managerId = await managerIdOf(ctx, next);
  if (!managerId) return;
  if (managerId === userId) throw badValue('manager: a person cannot be their own manager.');
  try {
    await checkChain(ctx.db, await readLineChange(ctx.db, userId, managerId));
  } catch (e) {
    if (isArborError(e) && (e.code === 'reportingLine.cycle' || e.code === 'reportingLine.tooDeep')) throw badValue(`manager: ${e.message}`);
    // A person or manager not placed yet: nothing to refuse now; the line is awaited.
    if (isArborError(e) && (e.code === 'reportingLine.personNotFound' || e.code === 'reportingLine.managerNotFound')) return;
    throw e;
  }
}

/** After the User is written and placed: sets, awaits or clears the line as the directory says. */
export async function followManager(ctx: SyncContext, user: DirectoryUser, previous?: DirectoryUser): Promise<void> {
  const managerId = await managerIdOf(ctx, user);
  if (!managerId) {
    // A manager no one here answers to (yet): kept on the User as data; the line stays as it is.
    if (user.managerId !== undefined) return;
    if (previous?.managerId !== undefined) await stopAwaiting(ctx.db, user.userId);
    // The directory took the manager away: the line it set goes (one set in Arbor by hand stays).
    const before = await managerIdOf(ctx, previous);
    const line = before ? await getReportingLine(ctx.db, user.userId) : undefined;
    if (line && line.managerId === before) await setManager(ctx.db, ctx.actor, await readLineChange(ctx.db, user.userId, null), { source: 'directory' });
    return;
  }
  try {
    await setManager(ctx.db, ctx.actor, await readLineChange(ctx.db, user.userId, managerId), { source: 'directory' });
    if (previous?.managerId !== undefined) await stopAwaiting(ctx.db, user.userId);
  } catch (e) {
    if (isArborError(e) && e.code === 'reportingLine.managerNotFound') {
      await awaitManager(ctx.db, user.userId, managerId);
      return;
    }
    // Not placed anywhere yet: the placement that brings them in sets the line (linesOnArrival).
    if (isArborError(e) && e.code === 'reportingLine.personNotFound') return;
    throw e;
  }
}

/**
 * When a person comes into the organization (their User created, or a placement creating their
 * profile): their own line as the directory names it, and the lines of the people who awaited them.
 */
export async function linesOnArrival(ctx: SyncContext, user: DirectoryUser): Promise<void> {
  await followManager(ctx, user);
  await applyAwaitedLines(ctx, user.userId);
}

/** The people whose directory named this person as manager get their line. */
export async function applyAwaitedLines(ctx: SyncContext, managerId: string): Promise<void> {
  for (const userId of await awaitingReports(ctx.db, managerId)) {
    try {
      await setManager(ctx.db, ctx.actor, await readLineChange(ctx.db, userId, managerId), { source: 'directory' });
      await stopAwaiting(ctx.db, userId);
    } catch (e) {
      if (!isArborError(e)) throw e;
      // Still not here (the manager's User exists, their profile not yet): awaited still.
      if (e.code === 'reportingLine.managerNotFound') continue;
      await recordDirectoryError(ctx.db, { request: `manager of ${userId}`, status: 0, detail: e.message });
    }
  }
}

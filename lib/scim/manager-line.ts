// The enterprise extension's `manager` as a reporting line (docs/scim.md#manager): the directory's
// manager id is kept on its User (as sent), and the line follows it through the same write as the
// console's, as the directory's actor, with source `directory`. A manager Arbor does not know yet
// is awaited and applied when their User is created; a loop the IdP sends is refused before
// anything is written (400 invalidValue).
import 'server-only';
import { isArborError } from '../errors';
import {
  awaitingReports, awaitManager, checkChain, getReportingLine, readLineChange, setManager, stopAwaiting,
} from '../reporting-lines';
import { ULID } from '../validation';
import { recordDirectoryError } from './directory-config';
import type { SyncContext } from './place-people';
import { badValue } from './protocol-errors';
import type { DirectoryUser } from './user-resource';

/** The manager as an Arbor user id (the SCIM `id` Arbor gave them), or undefined. */
const managerIdOf = (user: Pick<DirectoryUser, 'managerId'> | undefined) => (user?.managerId && ULID.test(user.managerId) ? user.managerId : undefined);

/** Before a replace or patch is written: a loop or a chain too long is the IdP's bad value. */
export async function refuseManagerLoop(ctx: SyncContext, userId: string, next: Pick<DirectoryUser, 'managerId'>): Promise<void> {
  const managerId = managerIdOf(next);
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
  const managerId = managerIdOf(user);
  const before = managerIdOf(previous);
  if (!managerId) {
    if (user.managerId === undefined && previous?.managerId !== undefined) await stopAwaiting(ctx.db, user.userId);
    // The directory took the manager away: the line it set goes (one set in Arbor by hand stays).
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
    throw e;
  }
}

/** After a User is created: the people whose directory named them as manager get their line. */
export async function applyAwaitedLines(ctx: SyncContext, managerId: string): Promise<void> {
  for (const userId of await awaitingReports(ctx.db, managerId)) {
    try {
      await setManager(ctx.db, ctx.actor, await readLineChange(ctx.db, userId, managerId), { source: 'directory' });
      await stopAwaiting(ctx.db, userId);
    } catch (e) {
      if (!isArborError(e)) throw e;
      await recordDirectoryError(ctx.db, { request: `manager of ${userId}`, status: 0, detail: e.message });
    }
  }
}

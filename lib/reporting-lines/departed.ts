// A person who left the organization (removed from it, or erased) takes their reporting lines
// with them: their own line goes (their partition is theirs), and everyone who reported to them
// has no manager now, each cleared through the ordinary write (audited, the event sent) so a
// chart never draws a line to someone who is not there.
import 'server-only';
import { deleteItem, keys, type AuditActor, type TenantDb } from '../db';
import { isArborError } from '../errors';
import { directReports } from './reads';
import { readLineChange } from './line-change';
import { setManager } from './set-manager';

export async function clearLinesOf(db: TenantDb, actor: AuditActor, userId: string): Promise<void> {
  await deleteItem(db, { Key: keys.reportingLine(db.tenantId, userId) });
  await deleteItem(db, { Key: keys.awaitedManager(db.tenantId, userId) });
  for (let cursor: string | undefined, first = true; first || cursor; first = false) {
    const page = await directReports(db, userId, { limit: 200, cursor: cursor ?? null });
    for (const line of page.items) {
      try {
        const change = await readLineChange(db, line.userId, null);
        await setManager(db, actor, change, { source: line.source });
      } catch (e) {
        // A report who left too: their own removal takes their line.
        if (!(isArborError(e) && e.code === 'reportingLine.personNotFound')) throw e;
        await deleteItem(db, { Key: keys.reportingLine(db.tenantId, line.userId) });
      }
    }
    cursor = page.nextCursor;
  }
}

// The reporting lines of chosen people: each person's `MANAGER` item (T22) by its key, in
// BatchGetItem requests of 100. The people chart of someone who sees a few people reads their
// lines only, not the tenant's (listReportingLines); its cost follows the people it draws.
import 'server-only';
import { batchGet, keys, type TenantDb } from '../db';
import { validateId } from '../validation';
import { toReportingLine } from './line-item';
import type { ReportingLine } from './types';

/** The lines of `userIds` who have a manager, in no particular order. Eventually consistent, as the tenant-wide read. */
export async function readLinesOf(db: TenantDb, userIds: readonly string[]): Promise<ReportingLine[]> {
  const items = await batchGet(
    db,
    userIds.map((id) => keys.reportingLine(db.tenantId, validateId(id, 'user'))),
    { consistent: false },
  );
  return items.map(toReportingLine);
}

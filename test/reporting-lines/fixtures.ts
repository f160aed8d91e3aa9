// A tenant with a small tree and people for the reporting-line suites, and the lines as stored.
import { addMembership } from '../../lib/members';
import { keys, type AuditActor, type TenantDb } from '../../lib/db';
import { lineChangePlace, readLineChange, setManager, type ReportingLine } from '../../lib/reporting-lines';
import { person, tenantWithTree } from '../members/fixtures';
import { queryAll } from '../members/membership-invariants';

/** Engineering ⊃ Cloud, and Sales; Ada, Bob and Cy in Cloud, Dee in Sales. */
export async function lineWorld(label = 'Lines') {
  const t = await tenantWithTree(label);
  const owner: AuditActor = { ...t.owner, name: 'Owner' };
  const [ada, bob, cy, dee] = [person('Ada Lovelace'), person('Bob Noyce'), person('Cy Young'), person('Dee Hock')];
  for (const p of [ada, bob, cy]) await addMembership(t.db, owner, { unitId: t.cloud.id, role: 'member', ...p });
  await addMembership(t.db, owner, { unitId: t.sales.id, role: 'member', ...dee });
  return { ...t, owner, ada, bob, cy, dee };
}

/** Sets a manager as an owner would (the read, then the write), from the console. */
export async function setLine(db: TenantDb, actor: AuditActor, userId: string, managerId: string | null, expectedVersion?: number) {
  const change = await readLineChange(db, userId, managerId);
  return setManager(db, actor, change, { source: 'console', ...(expectedVersion !== undefined ? { expectedVersion } : {}) });
}

export { lineChangePlace };

/** The tenant's reporting-line items and their audit entries, straight from the table. */
export async function storedLines(tenantId: string): Promise<Record<string, unknown>[]> {
  return queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi2.reportingLines(tenantId) } });
}

export async function lineAudit(tenantId: string): Promise<Record<string, unknown>[]> {
  const all = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(tenantId) } });
  return all.filter((e) => e.action === 'reportingLine.change');
}

export const managerOf = (lines: Record<string, unknown>[], userId: string) =>
  (lines.find((l) => l.userId === userId) as ReportingLine | undefined)?.managerId;

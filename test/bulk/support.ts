// Shared set-up of the bulk suites: a tenant with a small tree, its owner's access, platform access.
import { loadActorAccess } from '../../lib/members';
import { tenantWithTree } from '../members/fixtures';
import { testPlatformDb } from '../support/tenancy';

export async function bulkTenant(label = 'Bulk') {
  const t = await tenantWithTree(label);
  const access = await loadActorAccess(t.db, t.ownerUserId);
  return { ...t, access, platform: testPlatformDb() };
}

/** Runs a chunked apply the way the browser does: results of earlier chunks resolve later parents. */
export function linesToIds(results: { line: number; unitId?: string }[]): Record<string, string> {
  return Object.fromEntries(results.filter((r) => r.unitId).map((r) => [String(r.line), r.unitId!]));
}

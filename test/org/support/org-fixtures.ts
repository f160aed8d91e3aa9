// Shared set-up for the org tests: a fresh tenant, its TenantDb, its root unit and an actor.
import { newTenant } from '../../support/fixtures';
import { tenantDbFor } from '../../support/tenant-db';
import { getUnitOrThrow } from '../../../lib/org';

export async function orgTenant(label = 'Org') {
  const t = await newTenant(label);
  const db = tenantDbFor(t.tenantId);
  const actor = { userId: t.ownerUserId, email: t.ownerEmail };
  const root = await getUnitOrThrow(db, t.rootUnitId);
  return { ...t, db, actor, root };
}

/** For assert.rejects: passes when the error carries this code. */
export const code = (expected: string) => (e: unknown) => {
  const got = (e as { code?: string })?.code;
  if (got !== expected) throw new Error(`expected ${expected}, got ${got ?? String(e)}`);
  return true;
};

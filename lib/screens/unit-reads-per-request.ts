// A unit read once per server render. On a full load of /units/[id] the tree (the layout) and the
// unit page render in the same request and both need the selected unit (on the top unit's page,
// the top unit): React's per-request `cache` lets the second ask reuse the first read. Outside a
// server render (route handlers, server actions, tests, bench) `cache` does not memoize, so every
// call reads. Only read-only loaders use this. Server-only.
import { cache } from 'react';
import type { TenantDb } from '../db';
import { getUnit, type Unit } from '../org';
import { unitNotFound } from '../org/errors';

const unitReads = cache(() => new Map<string, Promise<Unit | undefined>>());

/** T2 (getUnit), shared by the loaders of one render. */
export function getUnitOnce(db: TenantDb, unitId: string): Promise<Unit | undefined> {
  const reads = unitReads();
  const key = `${db.tenantId}/${unitId}`;
  let read = reads.get(key);
  if (!read) {
    read = getUnit(db, unitId);
    reads.set(key, read);
  }
  return read;
}

export async function getUnitOnceOrThrow(db: TenantDb, unitId: string): Promise<Unit> {
  const unit = await getUnitOnce(db, unitId);
  if (!unit) throw unitNotFound();
  return unit;
}

// T2: one unit by id (GetItem, strongly consistent), as readers should see it during a job.
import 'server-only';
import type { TenantDb } from '../db';
import { validateId } from '../validation';
import { viewUnits } from './job-view';
import { readUnit } from './unit-reads';
import type { Unit } from './unit-item';
import { unitNotFound } from './errors';

export async function getUnit(db: TenantDb, unitId: string): Promise<Unit | undefined> {
  const unit = await readUnit(db, validateId(unitId, 'unit'));
  if (!unit) return undefined;
  const [seen] = await viewUnits(db, [unit]);
  return seen;
}

export async function getUnitOrThrow(db: TenantDb, unitId: string): Promise<Unit> {
  const unit = await getUnit(db, unitId);
  if (!unit) throw unitNotFound();
  return unit;
}

// /api/v1/units/[unitId] – GET one unit as the console shows it (tree.read), PATCH rename it
// (unit.rename, conditioned on the version read; the root's rename renames the organization),
// DELETE it, recursively when asked (unit.delete).
import { after } from 'next/server';
import { accepted } from '@/lib/api/accepted';
import { withActor } from '@/lib/api/with-actor';
import { units } from '@/lib/api/operations/units';
import { deleteUnit, getUnitOrThrow, renameUnit } from '@/lib/org';
import { platformDb } from '@/lib/tenancy';
import { renameTenantRegistryEntry } from '@/lib/tenants';
import { toUnitRow } from '@/lib/screens/unit-view';

export const GET = withActor(units.get, async ({ db, actor, params, authorize }) => {
  const unit = await getUnitOrThrow(db, params.unitId);
  authorize('tree.read', { unit });
  return toUnitRow(unit, actor);
});

export const PATCH = withActor(units.rename, async ({ db, actor, params, body, authorize }) => {
  const unit = await getUnitOrThrow(db, params.unitId);
  authorize('unit.rename', { unit });
  const renamed = await renameUnit(db, actor, { unitId: unit.id, name: body.name, expectedVersion: body.expectedVersion });
  // The root's name is the organization's: the registry's copy (tenant switcher) follows, as
  // after PATCH /api/v1/settings.
  if (renamed.parentId === null && renamed.name !== unit.name) await renameTenantRegistryEntry(platformDb(), actor.tenantId, renamed.name);
  return toUnitRow(renamed, actor);
});

export const DELETE = withActor(units.delete, async ({ db, actor, params, query, authorize }) => {
  const unit = await getUnitOrThrow(db, params.unitId);
  authorize('unit.delete', { unit });
  const result = await deleteUnit(
    db,
    actor,
    { unitId: unit.id, expectedVersion: query.expectedVersion, recursive: query.recursive === 'true' },
    // A large delete runs as a job: answer once it has committed, finish after the response.
    { background: (work) => after(work) },
  );
  return result.kind === 'job' ? accepted(result) : result;
});

// GET /api/v1/units/[unitId]/counts – how many units and memberships a recursive delete would
// remove, for its confirmation (asked only by those who may delete the unit: unit.delete).
import { withActor } from '@/lib/api/with-actor';
import { units } from '@/lib/api/operations/units';
import { countSubtree, getUnitOrThrow } from '@/lib/org';

export const GET = withActor(units.counts, async ({ db, params, authorize }) => {
  const unit = await getUnitOrThrow(db, params.unitId);
  authorize('unit.delete', { unit });
  return countSubtree(db, unit.id);
});

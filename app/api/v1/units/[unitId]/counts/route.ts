// GET /api/v1/units/[unitId]/counts – how many units and memberships a recursive delete would
// remove, for its confirmation (asked only by those who may delete the unit: unit.delete).
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { countSubtree, getUnitOrThrow } from '@/lib/org';

const params = z.object({ unitId: field.id('unit') });

export const GET = withActor({ params }, async ({ db, params, authorize }) => {
  const unit = await getUnitOrThrow(db, params.unitId);
  authorize('unit.delete', { unit });
  return countSubtree(db, unit.id);
});

// POST /api/v1/units – create a unit under a parent (unit.create on the parent).
import { withActor } from '@/lib/api/with-actor';
import { units } from '@/lib/api/operations/units';
import { createUnit, getUnitOrThrow } from '@/lib/org';
import { toUnitRow } from '@/lib/screens/unit-view';

export const POST = withActor(units.create, async ({ db, actor, body, authorize }) => {
  const parent = await getUnitOrThrow(db, body.parentId);
  authorize('unit.create', { parent });
  const unit = await createUnit(db, actor, { parentId: parent.id, name: body.name });
  return toUnitRow(unit, actor);
});

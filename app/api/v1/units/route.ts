// POST /api/v1/units – create a unit under a parent (unit.create on the parent).
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { createUnit, getUnitOrThrow } from '@/lib/org';
import { toUnitRow } from '@/lib/screens/unit-view';

const body = z.strictObject({ parentId: field.id('unit'), name: field.text(400) });

export const POST = withActor({ body, status: 201 }, async ({ db, actor, body, authorize }) => {
  const parent = await getUnitOrThrow(db, body.parentId);
  authorize('unit.create', { parent });
  const unit = await createUnit(db, actor, { parentId: parent.id, name: body.name });
  return toUnitRow(unit, actor);
});

// /api/v1/units/[unitId]/move – GET where the move picker starts (tree.read), POST move the unit
// under a new parent (unit.move over both ends; a large subtree becomes a job the browser polls).
import { after } from 'next/server';
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { getUnitOrThrow, moveUnit } from '@/lib/org';
import { targetNotFound } from '@/lib/org/errors';
import { loadMovePicker } from '@/lib/screens/tree';
import { toUnitRow } from '@/lib/screens/unit-view';

const params = z.object({ unitId: field.id('unit') });
const body = z.strictObject({ newParentId: field.id('unit'), expectedVersion: field.version });

export const GET = withActor({ params }, async (ctx) => loadMovePicker(ctx, ctx.params.unitId));

export const POST = withActor({ params, body }, async ({ db, actor, params, body, authorize }) => {
  const [unit, destination] = await Promise.all([
    getUnitOrThrow(db, params.unitId),
    getUnitOrThrow(db, body.newParentId).catch((e) => {
      if (e?.code === 'unit.notFound') throw targetNotFound();
      throw e;
    }),
  ]);
  authorize('unit.move', { unit, destination });
  const result = await moveUnit(
    db,
    actor,
    { unitId: unit.id, newParentId: destination.id, expectedVersion: body.expectedVersion },
    { background: (work) => after(work) },
  );
  return result.kind === 'job'
    ? Response.json(result, { status: 202 })
    : { kind: 'moved', unit: toUnitRow(result.unit, actor) };
});

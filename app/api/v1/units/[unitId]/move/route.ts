// /api/v1/units/[unitId]/move – GET where the move picker starts (tree.read), POST move the unit
// under a new parent (unit.move over both ends; a large subtree becomes a job the browser polls).
import { after } from 'next/server';
import { accepted } from '@/lib/api/accepted';
import { withActor } from '@/lib/api/with-actor';
import { units } from '@/lib/api/operations/units';
import { getUnitOrThrow, moveUnit } from '@/lib/org';
import { targetNotFound } from '@/lib/org/errors';
import { loadMovePicker } from '@/lib/screens/tree';
import { toUnitRow } from '@/lib/screens/unit-view';

export const GET = withActor(units.movePicker, async (ctx) => loadMovePicker(ctx, ctx.params.unitId));

export const POST = withActor(units.move, async ({ db, actor, params, body, authorize }) => {
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
  return result.kind === 'job' ? accepted(result) : { kind: 'moved' as const, unit: toUnitRow(result.unit, actor) };
});

// GET /api/v1/units/[unitId]/children?cursor=&moving= – a page of a unit's sub-units (tree.read),
// for the tree browser and the move picker (`moving`: also whether that unit may go to each).
import { withActor } from '@/lib/api/with-actor';
import { units } from '@/lib/api/operations/units';
import { loadChildren } from '@/lib/screens/tree';

export const GET = withActor(units.children, async (ctx) =>
  loadChildren(ctx, ctx.params.unitId, { cursor: ctx.query.cursor, limit: ctx.query.limit, movingUnitId: ctx.query.moving }),
);

// GET /api/v1/units/[unitId]/children?cursor=&moving= – a page of a unit's sub-units (tree.read),
// for the tree browser and the move picker (`moving`: also whether that unit may go to each).
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { loadChildren } from '@/lib/screens/tree';

const params = z.object({ unitId: z.string().max(64) });
const query = z.object({
  cursor: z.string().max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  moving: z.string().max(64).optional(),
});

export const GET = withActor({ params, query }, async (ctx) =>
  loadChildren(ctx, ctx.params.unitId, { cursor: ctx.query.cursor, limit: ctx.query.limit, movingUnitId: ctx.query.moving }),
);

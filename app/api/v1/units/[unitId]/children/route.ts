// GET /api/v1/units/[unitId]/children?cursor=&moving= – a page of a unit's sub-units (tree.read),
// for the tree browser and the move picker (`moving`: also whether that unit may go to each).
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { loadChildren } from '@/lib/screens/tree';

const params = z.object({ unitId: field.id('unit') });
const query = z.object({
  cursor: field.cursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  moving: field.id('unit').optional(),
});

export const GET = withActor({ params, query }, async (ctx) =>
  loadChildren(ctx, ctx.params.unitId, { cursor: ctx.query.cursor, limit: ctx.query.limit, movingUnitId: ctx.query.moving }),
);

// GET /api/v1/units/[unitId]/tree – the tree browser opened on a unit: the actor's top units and
// the first page of children of each unit on the way down to it (tree.read on each).
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { loadTree } from '@/lib/screens/tree';

const params = z.object({ unitId: field.id('unit') });

export const GET = withActor({ params }, async (ctx) => loadTree(ctx, ctx.params.unitId));

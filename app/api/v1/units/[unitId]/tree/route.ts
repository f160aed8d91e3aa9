// GET /api/v1/units/[unitId]/tree – the tree browser opened on a unit: the actor's top units and
// the first page of children of each unit on the way down to it (tree.read on each).
import { withActor } from '@/lib/api/with-actor';
import { units } from '@/lib/api/operations/units';
import { loadTree } from '@/lib/screens/tree';

export const GET = withActor(units.tree, async (ctx) => loadTree(ctx, ctx.params.unitId));

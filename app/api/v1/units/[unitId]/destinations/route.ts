// GET /api/v1/units/[unitId]/destinations?q= – the move dialog's search: units named like `q`
// (the start of any word) that this unit may be moved into (tree.read on the unit; each hit
// filtered by tree.read and the picker's unit.move rule).
import { withActor } from '@/lib/api/with-actor';
import { units } from '@/lib/api/operations/units';
import { searchMoveDestinations } from '@/lib/screens/move-destinations';

export const GET = withActor(units.destinations, async (ctx) => searchMoveDestinations(ctx, ctx.params.unitId, ctx.query.q));

// GET /api/v1/units/[unitId]/destinations?q= – the move dialog's search: units named like `q`
// (the start of any word) that this unit may be moved into (tree.read on the unit; each hit
// filtered by tree.read and the picker's unit.move rule).
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { searchMoveDestinations } from '@/lib/screens/move-destinations';

const params = z.object({ unitId: field.id('unit') });
const query = z.object({ q: field.text(400) });

export const GET = withActor({ params, query }, async (ctx) => searchMoveDestinations(ctx, ctx.params.unitId, ctx.query.q));

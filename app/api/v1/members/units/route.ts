// GET /api/v1/members/units?q= – units whose name starts with q where the actor may place people
// (add or invite), for the unit pickers of the invite and add dialogs
import { withActor } from '@/lib/api/with-actor';
import { members } from '@/lib/api/operations/members';
import { pickUnits } from '@/lib/screens/members';

export const GET = withActor(members.placeableUnits, async (ctx) => ({ units: await pickUnits(ctx, ctx.query.q) }));

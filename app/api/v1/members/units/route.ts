// GET /api/v1/members/units?q= – units whose name starts with q where the actor may place people
// (add or invite), for the unit pickers of the invite and add dialogs
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { pickUnits } from '@/lib/screens/members';

export const GET = withActor({ query: z.object({ q: field.text(400) }) }, async (ctx) => ({ units: await pickUnits(ctx, ctx.query.q) }));

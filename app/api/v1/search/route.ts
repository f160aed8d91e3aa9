// GET /api/v1/search?q= – units (and, for owners and admins, members) by name or email prefix
// (T10); every unit hit is filtered by tree.read, members by members.list.
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { searchConsole } from '@/lib/screens/search';

const query = z.object({ q: field.text(400) });

export const GET = withActor({ query }, async (ctx) => searchConsole(ctx, ctx.query.q));

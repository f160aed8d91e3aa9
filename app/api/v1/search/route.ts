// GET /api/v1/search?q= – units (and, for owners and admins, members) by name or email prefix
// (T10); every unit hit is filtered by tree.read, members by members.list.
import { withActor } from '@/lib/api/with-actor';
import { search } from '@/lib/api/operations/search';
import { searchConsole } from '@/lib/screens/search';

export const GET = withActor(search.search, async (ctx) => searchConsole(ctx, ctx.query.q));

// GET /api/v1/change-sets – the change sets the caller may see, newest first
// POST /api/v1/change-sets – start one (changeSet.draft: needs a unit to manage)
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { createChangeSet, listChangeSets, toSetView, visibleTo } from '@/lib/change-sets';

export const GET = withActor(changeSets.list, async ({ db, actor, query, authorize }) => {
  authorize('tenant.read', {});
  const page = await listChangeSets(db, { cursor: query.cursor });
  return { items: page.items.filter((h) => visibleTo(actor, h)).map((header) => toSetView({ header })), nextCursor: page.nextCursor };
});

export const POST = withActor(changeSets.create, async ({ db, actor, body, authorize }) => {
  authorize('changeSet.draft', {});
  return toSetView({ header: await createChangeSet(db, actor, body) });
});

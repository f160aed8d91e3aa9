// GET /api/v1/change-sets – the change sets the caller may see, newest first
// POST /api/v1/change-sets – start one (needs an administering role somewhere)
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { createChangeSet, draftingStanding, listChangeSets, maySee, toSetView } from '@/lib/reorganizations';

export const GET = withActor(changeSets.list, async ({ db, actor, query, authorize }) => {
  authorize('tenant.read', {});
  const page = await listChangeSets(db, { cursor: query.cursor });
  return { items: page.items.filter((h) => maySee(actor, h)).map((header) => toSetView({ header })), nextCursor: page.nextCursor };
});

export const POST = withActor(changeSets.create, async ({ db, actor, body, authorize }) => {
  // Someone who administers nothing is refused by the decision on their own unit.
  authorize('unit.create', { parent: draftingStanding(actor) ?? { id: actor.memberships[0]!.unitId, path: actor.memberships[0]!.unitPath } });
  return toSetView({ header: await createChangeSet(db, actor, body) });
});

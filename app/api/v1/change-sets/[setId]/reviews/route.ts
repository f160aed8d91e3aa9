// POST /api/v1/change-sets/[setId]/reviews – approve or reject the operations as they stand
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { authorizeOnSet, readChangeSet, reviewChangeSet, toSetView } from '@/lib/change-sets';

export const POST = withActor(changeSets.review, async ({ db, actor, params, body, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  const { set } = await authorizeOnSet(db, actor, authorize, header, 'changeSet.review');
  return toSetView({ header: await reviewChangeSet(db, { ...actor, access: actor }, params.setId, body, set.areas) });
});

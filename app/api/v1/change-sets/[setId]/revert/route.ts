// POST /api/v1/change-sets/[setId]/revert – a new draft of an applied set's inverse
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { authorizeOnSet, readChangeSet, revertChangeSet, toSetDetail } from '@/lib/change-sets';

export const POST = withActor(changeSets.revert, async ({ db, actor, params, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, header, 'changeSet.revert');
  return toSetDetail(await revertChangeSet(db, { ...actor, access: actor, authorize }, params.setId), actor);
});

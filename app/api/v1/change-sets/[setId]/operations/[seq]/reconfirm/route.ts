// POST /api/v1/change-sets/[setId]/operations/[seq]/reconfirm – keep an operation after a conflict (one the caller could have drafted)
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { authorizeOnSet, readChangeSet, reconfirmOperation, toSetDetail } from '@/lib/change-sets';

export const POST = withActor(changeSets.reconfirmOperation, async ({ db, actor, params, body, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, header, 'changeSet.change');
  return toSetDetail(await reconfirmOperation(db, { ...actor, access: actor, authorize }, params.setId, body.expectedVersion, params.seq), actor);
});

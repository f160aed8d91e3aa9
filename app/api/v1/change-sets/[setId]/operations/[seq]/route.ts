// DELETE /api/v1/change-sets/[setId]/operations/[seq] – drop an operation the caller could have drafted
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { authorizeOnSet, dropOperation, readChangeSet, toSetDetail } from '@/lib/change-sets';

export const DELETE = withActor(changeSets.dropOperation, async ({ db, actor, params, query, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, header, 'changeSet.change');
  return toSetDetail(await dropOperation(db, { ...actor, access: actor, authorize }, params.setId, query.expectedVersion, params.seq), actor);
});

// DELETE /api/v1/change-sets/[setId]/operations/[seq] – drop an operation
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { authorizeOnSet, dropOperation, readChangeSet, toSetDetail } from '@/lib/reorganizations';

export const DELETE = withActor(changeSets.dropOperation, async ({ db, actor, params, query, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, header, 'change');
  return toSetDetail(await dropOperation(db, actor, params.setId, query.expectedVersion, params.seq));
});

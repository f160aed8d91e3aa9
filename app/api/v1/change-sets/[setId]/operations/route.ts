// POST /api/v1/change-sets/[setId]/operations – add operations, each authorized for the caller
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { addOperations, authorizeOnSet, readChangeSet, toSetDetail } from '@/lib/change-sets';

export const POST = withActor(changeSets.addOperations, async ({ db, actor, params, body, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  // Each operation is then decided on its own, as drafting it.
  await authorizeOnSet(db, actor, authorize, header, 'changeSet.change');
  return toSetDetail(await addOperations(db, { ...actor, access: actor, authorize }, params.setId, body.expectedVersion, body.operations), actor);
});

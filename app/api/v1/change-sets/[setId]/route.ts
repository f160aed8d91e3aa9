// GET /api/v1/change-sets/[setId] – a change set with its operations and reviews
// PATCH – rename it (changeSet.update); DELETE – delete it (changeSet.delete; not applying, never applied)
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { authorizeOnSet, deleteChangeSet, readChangeSet, toSetDetail, toSetView, updateDetails } from '@/lib/change-sets';

export const GET = withActor(changeSets.get, async ({ db, actor, params, authorize }) => {
  const set = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, set.header, 'changeSet.read');
  return toSetDetail(set, actor);
});

export const PATCH = withActor(changeSets.update, async ({ db, actor, params, body, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, header, 'changeSet.update');
  return toSetView({ header: await updateDetails(db, actor, params.setId, body.expectedVersion, body) });
});

export const DELETE = withActor(changeSets.delete, async ({ db, actor, params, query, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, header, 'changeSet.delete');
  await deleteChangeSet(db, actor, params.setId, query.expectedVersion);
});

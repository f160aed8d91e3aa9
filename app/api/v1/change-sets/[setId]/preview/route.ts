// GET /api/v1/change-sets/[setId]/preview – what the set would do, computed without writing
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { authorizeOnSet, previewChangeSet, readChangeSet } from '@/lib/change-sets';

export const GET = withActor(changeSets.preview, async ({ db, actor, params, authorize }) => {
  const set = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, set.header, 'changeSet.read');
  return previewChangeSet(db, set, undefined, actor);
});

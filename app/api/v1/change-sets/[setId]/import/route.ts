// POST /api/v1/change-sets/[setId]/import – operations from a CSV file, all rows or none
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { addOperations, authorizeOnSet, operationsFromCsv, readChangeSet, toSetDetail } from '@/lib/change-sets';
import { badImport } from '@/lib/change-sets/errors';

export const POST = withActor(changeSets.importOperations, async ({ db, actor, params, body, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, header, 'changeSet.change');
  const { operations, errors } = await operationsFromCsv(db, body.csv);
  if (errors.length) throw badImport(errors);
  return toSetDetail(await addOperations(db, { ...actor, access: actor, authorize }, params.setId, body.expectedVersion, operations), actor);
});

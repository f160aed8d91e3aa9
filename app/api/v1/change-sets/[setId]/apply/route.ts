// POST /api/v1/change-sets/[setId]/apply – apply now (202, runs on after the answer) or at `at`
// DELETE – unschedule (both changeSet.apply)
import { accepted } from '@/lib/api/accepted';
import { afterAnswer } from '@/lib/api/after-answer';
import { withActor } from '@/lib/api/with-actor';
import { changeSets } from '@/lib/api/operations/change-sets';
import { scopedTenantDb } from '@/lib/tenancy';
import { applyChangeSet, authorizeOnSet, readChangeSet, scheduleChangeSet, toSetView, unscheduleChangeSet } from '@/lib/change-sets';

export const POST = withActor(changeSets.apply, async ({ db, actor, params, body, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, header, 'changeSet.apply');
  if (body.at) return toSetView({ header: await scheduleChangeSet(db, actor, params.setId, body.expectedVersion, body.at) });
  // The run goes on after the answer with a scoped db of its own (the request's is bound to its decision).
  const runDb = scopedTenantDb(actor.tenantId, { userId: actor.userId });
  const started = await applyChangeSet(db, actor, params.setId, body.expectedVersion, { background: afterAnswer, runDb });
  return accepted(toSetView({ header: started }));
});

export const DELETE = withActor(changeSets.unschedule, async ({ db, actor, params, query, authorize }) => {
  const { header } = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, header, 'changeSet.apply');
  return toSetView({ header: await unscheduleChangeSet(db, actor, params.setId, query.expectedVersion) });
});

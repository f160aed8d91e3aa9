// GET /api/v1/jobs/[jobId] – progress of a large move or delete (tree.read on the unit it was
// taken from), polled by the console until `finished`.
import { withActor } from '@/lib/api/with-actor';
import { jobs } from '@/lib/api/operations/jobs';
import { getTreeJob, getUnitOrThrow } from '@/lib/org';

export const GET = withActor(jobs.get, async ({ db, params, authorize }) => {
  const job = await getTreeJob(db, params.jobId);
  const from = await getUnitOrThrow(db, job.fromParentId);
  authorize('tree.read', { unit: from });
  return job;
});

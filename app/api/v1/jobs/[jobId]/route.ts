// GET /api/v1/jobs/[jobId] – progress of a large move or delete (tree.read on the unit it was
// taken from), polled by the console until `finished`; a finished job answers a consistency token.
import { withActor } from '@/lib/api/with-actor';
import { jobs } from '@/lib/api/operations/jobs';
import { issueConsistencyToken } from '@/lib/db';
import { getUnitOrThrow, nudgeTreeJob, readTreeJob } from '@/lib/org';

export const GET = withActor(jobs.get, async ({ db, params, authorize }) => {
  const { job, stalled } = await readTreeJob(db, params.jobId);
  const from = await getUnitOrThrow(db, job.fromParentId);
  authorize('tree.read', { unit: from });
  // Its runner's instance died: this one takes the job over while the person watches.
  if (stalled) nudgeTreeJob(db, job.id);
  // Read finished, every write of the job was acknowledged before this moment: the token covers them.
  return job.finished ? { ...job, consistencyToken: issueConsistencyToken() } : job;
});

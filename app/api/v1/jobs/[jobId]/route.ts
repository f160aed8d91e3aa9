// GET /api/v1/jobs/[jobId] – progress of a large move or delete (tree.read on the unit it was
// taken from), polled by the console until `finished`.
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { getTreeJob, getUnitOrThrow } from '@/lib/org';

const params = z.object({ jobId: field.id('job') });

export const GET = withActor({ params }, async ({ db, params, authorize }) => {
  const job = await getTreeJob(db, params.jobId);
  const from = await getUnitOrThrow(db, job.fromParentId);
  authorize('tree.read', { unit: from });
  return job;
});

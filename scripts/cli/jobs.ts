// `npm run cli -- jobs list|resume --tenant <id> | --all`: the operator's view of unfinished
// large moves and deletes. Any request that meets an abandoned job's lock resumes it lazily;
// this command finishes (or rolls back) them eagerly, e.g. after an outage. `--all` walks every
// tenant (`tenant list`'s GSI4 listing).
import { listUnfinishedTreeJobs, resumeTreeJobs } from '../../lib/org';
import { operatorDb } from '../../lib/tenancy';
import { listTenants } from '../../lib/tenants';

export const description = 'list or resume unfinished move/delete jobs (--tenant <id> | --all)';

export async function run(args: string[]): Promise<number> {
  const [verb] = args;
  const tenantFlag = args.indexOf('--tenant');
  const tenant = tenantFlag >= 0 ? args[tenantFlag + 1] : undefined;
  if (!['list', 'resume'].includes(verb) || (!tenant && !args.includes('--all'))) {
    console.error('Usage: npm run cli -- jobs list|resume --tenant <tenantId> | --all');
    return 1;
  }
  const operator = operatorDb();
  const tenants = tenant ? [tenant] : (await listTenants(operator)).map((t) => t.tenantId);
  let count = 0;
  for (const tenantId of tenants) {
    const db = { ...operator, tenantId };
    const jobs = verb === 'list' ? await listUnfinishedTreeJobs(db) : await resumeTreeJobs(db);
    for (const job of jobs) {
      count++;
      console.log(`${tenantId}  ${job.id}  ${job.kind}  ${job.status}  ${job.done}/${job.total}${job.error ? `  ${job.error.message}` : ''}`);
    }
  }
  console.log(`${count} job(s) ${verb === 'list' ? 'unfinished' : 'resumed'} in ${tenants.length} tenant(s)`);
  return 0;
}

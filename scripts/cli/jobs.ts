// `npm run cli -- jobs list|resume --tenant <id> | --all`: the operator's view of unfinished
// large moves and deletes. Any request that meets an abandoned job's lock resumes it lazily;
// this command finishes (or rolls back) them eagerly, e.g. after an outage. `--all` walks every
// tenant (`tenant list`'s GSI4 listing).
import { listUnfinishedTreeJobs, resumeTreeJobs } from '../../lib/org';
import { operatorDb } from '../../lib/tenancy';
import { listTenants } from '../../lib/tenants';
import { defineCommand, UsageError, type CommandInput } from './kit/define-command';

const OPTIONS = { tenant: { type: 'string' }, all: { type: 'boolean' } } as const;

async function runJobs(verb: 'list' | 'resume', { values }: CommandInput<typeof OPTIONS>): Promise<void> {
  if (!values.tenant === !values.all) throw new UsageError('Name one tenant (--tenant <id>) or all of them (--all).');
  const operator = operatorDb();
  const tenants = values.tenant ? [values.tenant] : (await listTenants(operator)).map((t) => t.tenantId);
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
}

export const { description, run } = defineCommand({
  description: 'list or resume unfinished move/delete jobs (--tenant <id> | --all)',
  usage: 'Usage: npm run cli -- jobs list|resume --tenant <tenantId> | --all',
  options: OPTIONS,
  verbs: {
    list: { run: (input) => runJobs('list', input) },
    resume: { run: (input) => runJobs('resume', input) },
  },
});

// `npm run cli -- changeset list|apply|resume --tenant <id> [--set <id>]`: the operator's view of a
// tenant's change sets (lib/change-sets), applying an approved one now, and carrying on a run
// whose runner stopped (the scheduler's wake-up does that too, once its lease has run out).
// `--lease-ms N` and `--hold-after N` (stop after the N-th operation and wait: the kill tests
// SIGKILL the process there) are for tests and drills.
import { applyChangeSet, listChangeSets, readChangeSet, resumeRun, type RunOptions } from '../../lib/change-sets';
import { tenantDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { defineCommand, type CommandInput } from './kit/define-command';

const OPTIONS = { tenant: { type: 'string' }, set: { type: 'string' }, 'lease-ms': { type: 'string' }, 'hold-after': { type: 'string' } } as const;

/** Apply an approved set now, or carry on a run whose runner stopped. */
async function runSet(verb: 'apply' | 'resume', { values }: CommandInput<typeof OPTIONS>): Promise<number> {
  const [setId, holdAfter, leaseMs] = [values.set!, values['hold-after'], values['lease-ms']];
  const db = await tenantDb(values.tenant!);
  const options: RunOptions = {
    ...(leaseMs ? { leaseMs: Number(leaseMs) } : {}),
    onStep: async ({ phase, next }) => {
      if (holdAfter === undefined || phase !== 'applying' || next !== Number(holdAfter)) return;
      console.log(`[arbor] change set ${setId}: holding after operation ${next}`);
      await new Promise(() => undefined);
    },
  };
  const header = verb === 'apply'
    ? await applyChangeSet(db, OPERATOR_ACTOR, setId, (await readChangeSet(db, setId)).header.version, options)
    : await resumeRun(db, setId, options);
  console.log(`${header.setId}  ${header.status}${header.run?.error ? `  ${header.run.error.message}` : ''}`);
  return header.status === 'failed' ? 1 : 0;
}

export const { description, run } = defineCommand({
  description: 'list, apply or resume change sets (--tenant <id> [--set <id>] [--lease-ms N] [--hold-after N])',
  usage: 'Usage: npm run cli -- changeset list --tenant <id> | apply|resume --tenant <id> --set <id> [--lease-ms N] [--hold-after N]',
  options: OPTIONS,
  verbs: {
    list: {
      options: ['tenant'],
      required: ['tenant'],
      async run({ values }) {
        const page = await listChangeSets(await tenantDb(values.tenant!), { limit: 100 });
        for (const h of page.items) console.log(`${h.setId}  ${h.status.padEnd(9)}  ${h.opCount} op(s)  ${h.name}`);
      },
    },
    apply: { required: ['tenant', 'set'], run: (input) => runSet('apply', input) },
    resume: { required: ['tenant', 'set'], run: (input) => runSet('resume', input) },
  },
});

// `npm run cli -- changeset list|apply|resume --tenant <id> [--set <id>]`: the operator's view of a
// tenant's change sets (lib/reorganizations), applying an approved one now, and carrying on a run
// whose runner stopped (the scheduler's wake-up does that too, once its lease has run out).
// `--lease-ms N` and `--hold-after N` (stop after the N-th operation and wait: the kill tests
// SIGKILL the process there) are for tests and drills.
import { applyChangeSet, listChangeSets, readChangeSet, resumeRun, type RunOptions } from '../../lib/reorganizations';
import { tenantDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';

export const description = 'list, apply or resume change sets (--tenant <id> [--set <id>] [--lease-ms N] [--hold-after N])';

const flag = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

export async function run(args: string[]): Promise<number> {
  const [verb] = args;
  const tenant = flag(args, '--tenant');
  const setId = flag(args, '--set');
  if (!tenant || !['list', 'apply', 'resume'].includes(verb) || (verb !== 'list' && !setId)) {
    console.error('Usage: npm run cli -- changeset list --tenant <id> | apply|resume --tenant <id> --set <id> [--lease-ms N] [--hold-after N]');
    return 1;
  }
  const db = await tenantDb(tenant);
  if (verb === 'list') {
    const page = await listChangeSets(db, { limit: 100 });
    for (const h of page.items) console.log(`${h.setId}  ${h.status.padEnd(9)}  ${h.opCount} op(s)  ${h.name}`);
    return 0;
  }
  const holdAfter = flag(args, '--hold-after');
  const leaseMs = flag(args, '--lease-ms');
  const options: RunOptions = {
    ...(leaseMs ? { leaseMs: Number(leaseMs) } : {}),
    onStep: async ({ phase, next }) => {
      if (holdAfter === undefined || phase !== 'applying' || next !== Number(holdAfter)) return;
      console.log(`[arbor] change set ${setId}: holding after operation ${next}`);
      await new Promise(() => undefined);
    },
  };
  const header = verb === 'apply'
    ? await applyChangeSet(db, OPERATOR_ACTOR, setId!, (await readChangeSet(db, setId!)).header.version, options)
    : await resumeRun(db, setId!, options);
  console.log(`${header.setId}  ${header.status}${header.run?.error ? `  ${header.run.error.message}` : ''}`);
  return header.status === 'failed' ? 1 : 0;
}

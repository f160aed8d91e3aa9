// The operator's `explain` command, run as the README shows it (`npm run cli -- explain …`) in a
// child process that inherits the runner's environment: the same local stack (DynamoDB Local and
// the operator's credentials) the app under test reads. It only reads, so specs may run it freely.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ExplainQuestion {
  tenantId: string;
  /** The person, by email or user id. */
  user: string;
  unitId: string;
  /** An action or a permission (Arbor's, or the organization's own such as expenses.approve). */
  action: string;
}

/** What `npm run cli -- explain` prints for the question (npm's own banner included). */
export async function explainCli(q: ExplainQuestion): Promise<string> {
  const args = ['run', 'cli', '--', 'explain', '--tenant', q.tenantId, '--user', q.user, '--unit', q.unitId, '--action', q.action];
  const { stdout } = await run('npm', args, { cwd: process.cwd(), env: process.env, timeout: 90_000 });
  return stdout;
}

// One check (docs/checks.md, "The API"): may the subject do this here, and on request why.
import 'server-only';
import { issueConsistencyToken, type TenantDb } from '../db';
import { readForChecks } from './check-reads';
import { decideCheck, explainChecks, type Decided } from './decide';
import { freshnessOf } from './freshness';
import type { CheckInput, CheckOptions, CheckResult, MayAsk } from './types';

/** Throws check.subjectNotFound / check.unitNotFound / check.unknownPermission / check.badToken, or the access.explain refusal. */
export async function check(db: TenantDb, input: CheckInput, options: CheckOptions & { mayAsk: MayAsk }): Promise<CheckResult> {
  const accepts = freshnessOf(options.consistency);
  const reads = await readForChecks(db, [input], accepts);
  const decided = decideCheck(reads, 0, input, options.mayAsk);
  const [explanation] = options.explain ? await explainChecks(db, [decided], reads.catalogue) : [];
  return resultOf(decided, issueConsistencyToken(reads.oldestReadAt), explanation);
}

export const resultOf = (d: Decided, consistencyToken: string, explanation?: CheckResult['explanation']): CheckResult => ({
  allowed: d.allowed,
  subject: { userId: d.userId },
  permission: d.input.permission,
  unitId: d.input.unitId,
  consistencyToken,
  ...(explanation ? { explanation } : {}),
});

// Many checks in one call (docs/checks.md, "The API"): one Query per distinct subject and one
// BatchGetItem of the distinct units and the catalogue, all in parallel; a check that cannot be
// answered is its error in place, the others still answer.
import 'server-only';
import { issueConsistencyToken, type TenantDb } from '../db';
import { readForChecks } from './check-reads';
import { resultOf } from './check';
import { decideCheck, explainChecks, type Decided } from './decide';
import { freshnessOf } from './freshness';
import { itemError } from './verdict';
import type { BatchResult, CheckInput, CheckItemError, CheckOptions, MayAsk } from './types';

export async function checkBatch(db: TenantDb, inputs: CheckInput[], options: CheckOptions & { mayAsk: MayAsk }): Promise<BatchResult> {
  const accepts = freshnessOf(options.consistency);
  const reads = await readForChecks(db, inputs, accepts);
  const outcomes = inputs.map((input, i): Decided | CheckItemError => {
    try {
      return decideCheck(reads, i, input, options.mayAsk);
    } catch (e) {
      return itemError(e);
    }
  });
  const decided = outcomes.filter((o): o is Decided => !('error' in o));
  const explanations = options.explain ? await explainChecks(db, decided, reads.catalogue) : [];
  const token = issueConsistencyToken(reads.oldestReadAt);
  return {
    results: outcomes.map((o) => ('error' in o ? o : resultOf(o, token, explanations[decided.indexOf(o)]))),
    consistencyToken: token,
  };
}

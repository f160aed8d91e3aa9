// A decision of lib/authz (explainPermission) as the check API answers it: allowed or not and,
// on request, why, in the words an explanation uses.
import type { PermissionDecision, RoleCatalogue } from '../authz';
import { isArborError } from '../errors';
import { toHttpError } from '../errors/http';
import { grantExplained } from './list-reads';
import type { CheckItemError, Verdict } from './types';

export function verdictOf(decision: PermissionDecision, explain: boolean | undefined, catalogue: RoleCatalogue, names: ReadonlyMap<string, string>): Verdict {
  if (!explain) return { allowed: decision.allowed };
  if (!decision.allowed) return { allowed: false, explanation: { reason: 'permissionNotHeld', message: decision.message } };
  const named = (g: typeof decision.grantedBy) => grantExplained(g, decision.permission, catalogue, names);
  return { allowed: true, explanation: { grantedBy: named(decision.grantedBy), grants: decision.grants.map(named) } };
}

/** A unit the change set deletes: nobody holds anything there after it, and the answer says why unasked. */
export const unitGone = (unitName: string): Verdict => ({
  allowed: false,
  explanation: { reason: 'unitGone', message: `${unitName} is deleted by this change set.` },
});

/** An error of ours as a batch item (the body a single check would have answered); anything else is thrown on. */
export function itemError(e: unknown): CheckItemError {
  if (!isArborError(e)) throw e;
  return toHttpError(e).body;
}

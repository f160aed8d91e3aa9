// A decision of lib/authz (explainPermission) as the check API answers it: allowed or not and,
// on request, why, in the words an explanation uses; and an error of one check among many.
import { reachOf, type Grant, type PermissionDecision, type RoleCatalogue } from '../authz';
import { isArborError } from '../errors';
import { toHttpError } from '../errors/http';
import type { CheckItemError, GrantExplained, Verdict } from './types';

/** Unit names by id, as the explanations name the granting units. */
export type UnitNames = ReadonlyMap<string, { name: string }>;

/** A grant as an explanation names it: where, which role, how far. */
export function grantExplained(g: Grant, permission: string, catalogue: RoleCatalogue, names: UnitNames): GrantExplained {
  const custom = g.customRole && Object.hasOwn(catalogue.roles, g.customRole) ? catalogue.roles[g.customRole] : undefined;
  return {
    unitId: g.unitId,
    unitName: names.get(g.unitId)?.name ?? '',
    unitPath: g.unitPath,
    role: g.role,
    ...(custom && g.customRole ? { customRole: { key: g.customRole, name: custom.name } } : {}),
    reach: reachOf(g, permission, catalogue) ?? 'subtree',
  };
}

export function verdictOf(decision: PermissionDecision, explain: boolean | undefined, catalogue: RoleCatalogue, names: UnitNames): Verdict {
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

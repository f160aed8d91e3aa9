// One check decided from what was read: the same decision the console makes (lib/authz
// explainPermission), and on request why, naming the granting units (one more read, of names).
import 'server-only';
import { explainPermission, isArborPermission, RULES, type Grant, type RoleCatalogue } from '../authz';
import { denied } from '../authz/errors';
import type { TenantDb } from '../db';
import { unitLabels } from '../org';
import type { CheckReads } from './check-reads';
import { checkUnitNotFound, subjectNotFound, unknownCheckPermission } from './errors';
import type { CheckInput, Explanation, MayAsk } from './types';
import { grantExplained } from './verdict';

/** A check decided, before its explanation is worded. */
export interface Decided {
  allowed: boolean;
  userId: string;
  input: CheckInput;
  unit: { id: string; path: string; name: string };
  /** The grants, nearest first (allowed), or why not in words (refused). */
  grants: Grant[];
  refusal?: string;
}

/**
 * Decides one check, or throws its error: an unknown permission, an unknown unit, a unit the
 * caller may not ask about (the access.explain refusal), a subject not in the organization.
 */
export function decideCheck(reads: CheckReads, index: number, input: CheckInput, mayAsk: MayAsk): Decided {
  if (!isArborPermission(input.permission) && !Object.hasOwn(reads.catalogue.permissions, input.permission)) {
    throw unknownCheckPermission(input.permission);
  }
  const unit = reads.units.get(input.unitId);
  if (!unit) throw checkUnitNotFound();
  const userId = reads.userIds[index];
  askOrThrow(mayAsk, unit, userId);
  const subject = userId === undefined ? undefined : reads.subjects.get(userId);
  if (!subject?.found) throw subjectNotFound();
  const access = { tenantId: '', userId: subject.userId, memberships: subject.memberships, catalogue: reads.catalogue };
  const decision = explainPermission(access, input.permission, unit);
  if (decision.allowed) return { allowed: true, userId: subject.userId, input, unit, grants: decision.grants };
  const refusal = subject.deactivated
    ? "The organization's directory has deactivated this person: their memberships give nothing until it reactivates them."
    : `No membership of this person gives "${input.permission}" at ${unit.name}.`;
  return { allowed: false, userId: subject.userId, input, unit, grants: [], refusal };
}

/** The caller may ask about this unit and subject, or the access.explain refusal is thrown. */
export function askOrThrow(mayAsk: MayAsk, unit: { id: string; path: string }, userId: string | undefined): void {
  if (mayAsk(unit, userId)) return;
  // A predicate that answers false instead of throwing its own refusal: the rule's words.
  const action = 'access.explain';
  const { reason, message } = RULES[action].deny({ unit: { id: unit.id, path: unit.path }, userId }, { tenantId: '', userId: '', memberships: [] });
  throw denied({ allowed: false, action, code: `authz.${action}`, reason, message });
}

/** The explanations of decided checks: the granting units' names in one read for them all. */
export async function explainChecks(db: TenantDb, decided: Decided[], catalogue: RoleCatalogue): Promise<Explanation[]> {
  const names = await unitLabels(db, decided.flatMap((d) => d.grants.filter((g) => !decided.some((o) => o.unit.id === g.unitId)).map((g) => g.unitId)));
  for (const d of decided) names.set(d.unit.id, { name: d.unit.name, path: d.unit.path });
  return decided.map((d) => {
    if (!d.allowed) return { reason: 'permissionNotHeld', message: d.refusal ?? '' };
    const grants = d.grants.map((g) => grantExplained(g, d.input.permission, catalogue, names));
    return { grantedBy: grants[0], grants };
  });
}

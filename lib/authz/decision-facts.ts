// What an allowed decision relied on, as items and values the write can be conditioned on
// (lib/db/write-guards.ts): the actor's granting membership as loaded (role, unit path, version),
// the path of every unit the place names (for a change set, the touched unit the grant reaches),
// for a change to someone's membership the role it holds, and for a decision made with custom
// roles the role catalogue's version. If one of them changes before the write, the decision no
// longer stands.
import { keys, type WriteFact } from '../db';
import type { Action, PlaceOf, UnitRef } from './actions';
import type { Allowed } from './explain-access';
import { isTenantWide, type ActorAccess } from './grants';
import { areaDecidedOn } from './change-set-rules';
import { visibleManagerUnit } from './rules';

const PLACE_UNITS = ['unit', 'parent', 'destination'] as const;

export function decisionFacts<A extends Action>(access: ActorAccess, decision: Allowed<A>, place: PlaceOf<A>): WriteFact[] {
  const t = access.tenantId;
  const grant = decision.grantedBy;
  const held = access.memberships.find((m) => m.unitId === grant.unitId) as { version?: number } | undefined;
  const facts: WriteFact[] = access.grantFacts?.(grant) ?? [
    {
      key: keys.userMembership(t, access.userId, grant.unitId),
      expect: { role: grant.role, unitPath: grant.unitPath, ...(held?.version !== undefined ? { version: held.version } : {}) },
      changed: 'grant',
    },
  ];
  const named = place as Partial<Record<(typeof PLACE_UNITS)[number], UnitRef>>;
  for (const which of PLACE_UNITS) {
    const unit = named[which];
    if (unit) facts.push({ key: keys.unit(t, unit.id), expect: { path: unit.path }, changed: 'target' });
  }
  const area = areaDecidedOn(grant, place);
  if (area) facts.push({ key: keys.unit(t, area.id), expect: { path: area.path }, changed: 'target' });
  const catalogue = catalogueFact(access, decision);
  if (catalogue) facts.push(catalogue);
  if (decision.action === 'reportingLine.change' && !isTenantWide(grant)) facts.push(...lineFacts(t, place as PlaceOf<'reportingLine.change'>, access));
  const heldRole = heldRoleOf(decision.action, place);
  if (heldRole) facts.push({ key: keys.unitMember(t, heldRole.unitId, heldRole.userId), expect: { role: heldRole.role }, changed: 'target' });
  return facts;
}

/**
 * A decision granted through a custom role, and every decision about roles, stands on the
 * catalogue as read: a role's permissions or reach changed since writes nothing. A tenant that
 * never defined a role has no catalogue item (version 0) and nothing to stand on.
 */
function catalogueFact(access: ActorAccess, decision: Allowed): WriteFact | undefined {
  const version = access.catalogue?.version ?? 0;
  // A catalogue write (roles.manage) is itself conditioned on the version it was built from; only a
  // custom role that granted it must stand on the catalogue as well.
  const aboutRoles = decision.action === 'role.assign';
  if (version === 0 || !(aboutRoles || decision.grantedBy.customRole)) return undefined;
  return { key: keys.roleCatalogue(access.tenantId), expect: { version }, changed: 'grant' };
}

/** The role the decision saw the subject hold, for actions that change or remove it. */
function heldRoleOf(action: Action, place: unknown) {
  if (action === 'membership.changeRole') {
    const p = place as PlaceOf<'membership.changeRole'>;
    return { unitId: p.unit.id, userId: p.userId, role: p.from };
  }
  if (action === 'membership.remove') {
    const p = place as PlaceOf<'membership.remove'>;
    return { unitId: p.unit.id, userId: p.userId, role: p.role };
  }
  return undefined;
}

/**
 * A manager's decision about a reporting line stood on where the person is: each of their units'
 * paths (rules.ts bounds how many) and how many memberships they hold (a new one elsewhere changes
 * who manages them); and, choosing a manager, on the path of the one unit of theirs it saw them in.
 */
function lineFacts(t: string, place: PlaceOf<'reportingLine.change'>, access: ActorAccess): WriteFact[] {
  const seenIn = place.clearing ? undefined : visibleManagerUnit(place.managerUnits, access);
  return [
    { key: keys.tenantUser(t, place.userId), expect: { membershipCount: place.units.length }, changed: 'target' },
    ...[...place.units, ...(seenIn && !place.units.some((u) => u.id === seenIn.id) ? [seenIn] : [])]
      .map((u): WriteFact => ({ key: keys.unit(t, u.id), expect: { path: u.path }, changed: 'target' })),
  ];
}

// The membership summary kept on each tenant profile (`T#<t>#USER#<u>` / PROFILE), so the
// people list shows a page of people with their units and roles, and filters them by role,
// from the profiles alone: no T8 Query per row. Written by every membership transaction in the
// same transaction as the membership items (like the unit items' `administrators` map).
//
// - `roleCounts`: role → how many of the person's memberships hold it. Exact (the people list's role
//   filter reads it), created with all four roles at 0 with the profile, so updates never meet a
//   missing path.
// - `units`: unit id → role for the first SUMMARY_UNITS memberships. A person in hundreds of units
//   keeps a bounded profile: further units are counted (membershipCount, roleCounts) but not listed;
//   their page (T8) lists them all. A role change updates a listed unit only.
import { z } from 'zod';
import type { TransactItem } from '../db';
import { ROLES, type Role } from '../authz/roles';

/** Units listed on the profile; the rest are counted only. */
export const SUMMARY_UNITS = 50;

export interface MembershipSummary {
  /** Listed units, unit id → role (at most SUMMARY_UNITS). */
  units: Record<string, Role>;
  roleCounts: Record<Role, number>;
}

/** The summary of a profile written with these memberships (its first, or a seed's all). */
export function summaryOf(memberships: { unitId: string; role: Role }[]): MembershipSummary {
  const roleCounts = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const m of memberships) roleCounts[m.role]++;
  const units = Object.fromEntries(memberships.slice(0, SUMMARY_UNITS).map((m) => [m.unitId, m.role])) as Record<string, Role>;
  return { units, roleCounts };
}

/** The summary attributes as a profile item stores them (extended by the profile's schema). */
export const storedSummary = z.object({
  units: z.record(z.string(), z.enum(ROLES)).optional(),
  roleCounts: z.partialRecord(z.enum(ROLES), z.number()).optional(),
});

export function toSummary(stored: z.infer<typeof storedSummary>): MembershipSummary {
  const counts = stored.roleCounts ?? {};
  return {
    units: stored.units ?? {},
    roleCounts: Object.fromEntries(ROLES.map((r) => [r, Math.max(0, counts[r] ?? 0)])) as Record<Role, number>,
  };
}

/** An update-expression fragment: SET and REMOVE clauses with their names and values. */
export interface SummaryClause {
  set: string[];
  remove: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** One more membership: counted, and listed while the profile lists fewer than the cap. */
export function summaryAdd(listedUnits: number, unitId: string, role: Role): SummaryClause {
  const clause: SummaryClause = {
    set: ['#rc.#rcAdd = #rc.#rcAdd + :one'],
    remove: [],
    names: { '#rc': 'roleCounts', '#rcAdd': role },
    values: { ':one': 1 },
  };
  if (listedUnits < SUMMARY_UNITS) {
    clause.set.push('#units.#unitAdd = :unitRole');
    Object.assign(clause.names, { '#units': 'units', '#unitAdd': unitId });
    clause.values[':unitRole'] = role;
  }
  return clause;
}

/** A role changed: the counts move, and a listed unit shows the new role. */
export function summaryRoleChange(listed: boolean, unitId: string, from: Role, to: Role): SummaryClause {
  const clause: SummaryClause = {
    set: ['#rc.#rcFrom = #rc.#rcFrom - :one', '#rc.#rcTo = #rc.#rcTo + :one'],
    remove: [],
    names: { '#rc': 'roleCounts', '#rcFrom': from, '#rcTo': to },
    values: { ':one': 1 },
  };
  if (listed) {
    clause.set.push('#units.#unitChanged = :unitRole');
    Object.assign(clause.names, { '#units': 'units', '#unitChanged': unitId });
    clause.values[':unitRole'] = to;
  }
  return clause;
}

/** Memberships removed (the profile stays): uncounted and unlisted (unlisting an absent key is a no-op). */
export function summaryRemove(removed: { unitId: string; role: Role }[]): SummaryClause {
  const clause: SummaryClause = { set: [], remove: [], names: {}, values: {} };
  const perRole = new Map<Role, number>();
  for (const m of removed) perRole.set(m.role, (perRole.get(m.role) ?? 0) + 1);
  if (perRole.size) clause.names['#rc'] = 'roleCounts';
  [...perRole].forEach(([role, n], i) => {
    clause.set.push(`#rc.#rcR${i} = #rc.#rcR${i} - :rcN${i}`);
    clause.names[`#rcR${i}`] = role;
    clause.values[`:rcN${i}`] = n;
  });
  if (removed.length) clause.names['#units'] = 'units';
  removed.forEach((m, i) => {
    clause.remove.push(`#units.#unitR${i}`);
    clause.names[`#unitR${i}`] = m.unitId;
  });
  return clause;
}

/** Joins SET and REMOVE clauses into one UpdateExpression. */
export function updateExpression(set: string[], remove: string[] = []): string {
  return [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].filter(Boolean).join(' ');
}

/** A profile update for a summary clause alone (role changes: the count of memberships is unchanged). */
export function profileSummaryUpdate(tableName: string, key: { PK: string; SK: string }, clause: SummaryClause): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: updateExpression(clause.set, clause.remove),
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: clause.names,
      ...(Object.keys(clause.values).length ? { ExpressionAttributeValues: clause.values } : {}),
    },
  };
}

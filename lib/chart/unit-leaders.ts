// Who leads a unit, as its card shows them: the administrators copied onto the unit item (owners
// and admins on the top unit, managers on theirs: no extra read), then the holders of custom
// roles that manage members (read once per chart, lib/chart/custom-leaders.ts). Strongest first.
import { effectiveRole, ROLE_RANK, type CustomRole, type RoleCatalogue, type UnitAdministrator } from '../authz';
import { initialsOf } from './initials';
import type { ChartLeader } from './types';

const BUILT_IN_NAMES = { owner: 'Owner', admin: 'Admin', manager: 'Manager', member: 'Member' } as const;

/** The built-in administrators of one unit, strongest role first, then by name. */
export function builtInLeaders(unit: { id: string; path: string; administrators?: Record<string, UnitAdministrator> }): ChartLeader[] {
  const leaders: (ChartLeader & { rank: number })[] = [];
  for (const [userId, a] of Object.entries(unit.administrators ?? {})) {
    // Owner or admin anywhere but the top unit counts as nothing more than a membership.
    const role = effectiveRole({ unitId: unit.id, unitPath: unit.path, role: a.role });
    if (role === 'member') continue;
    leaders.push({ userId, name: a.name || a.email, initials: initialsOf(a.name, a.email), role, roleName: BUILT_IN_NAMES[role], rank: ROLE_RANK[role] });
  }
  return leaders.sort(byRankThenName).map(({ rank: _rank, ...leader }) => leader);
}

/**
 * Custom roles that make their holders lead: they let them manage the unit's members from where
 * they are held down (reach `subtree`; `below` manages the units under it, still leading them).
 */
export function leadingRoles(catalogue: RoleCatalogue | undefined): CustomRole[] {
  return Object.values(catalogue?.roles ?? {})
    .filter((r) => r.permissions.includes('members.manage') && (r.reach === 'subtree' || r.reach === 'below'))
    .sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
}

/** Built-in leaders first, then custom-role holders not already shown, each person once. */
export function mergeLeaders(builtIn: ChartLeader[], custom: ChartLeader[]): ChartLeader[] {
  const seen = new Set(builtIn.map((l) => l.userId));
  const extra = custom.filter((l) => !seen.has(l.userId) && (seen.add(l.userId), true));
  return [...builtIn, ...extra.sort((a, b) => a.roleName.localeCompare(b.roleName) || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId))];
}

function byRankThenName(a: { rank: number; name: string; userId: string }, b: { rank: number; name: string; userId: string }) {
  return b.rank - a.rank || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId);
}

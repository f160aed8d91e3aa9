// The rules form's state and its conversions: from the saved rules (with the units the pickers
// show), and back to the rules the API takes — or the first thing a person still has to fix.
import type { Role } from '@/lib/members/membership-items';
import type { DirectoryRules } from '@/lib/scim';
import type { UnitOption } from '@/lib/screens/members';

export interface PathDraft {
  on: boolean;
  separator: string;
  /** Where the paths start; the organization's top unit when null. */
  under: UnitOption | null;
}

export interface MappingDraft {
  /** A stable key for React (rows are added and removed). */
  key: number;
  groupId: string;
  unit: UnitOption | null;
  /** A new unit to create under `unit` for this group ('' maps to `unit` itself). */
  newUnit: string;
  role: Role;
  /** Custom role keys given on the unit beside `role`. */
  roles: string[];
}

export interface RulesDraft {
  departments: PathDraft;
  groupNames: PathDraft & { role: Role };
  groups: MappingDraft[];
}

/** Roles a rule may give: the directory never makes owners (lib/scim/rules.ts). */
export const MAPPING_ROLES: Role[] = ['member', 'manager', 'admin'];
export const GROUP_NAME_ROLES: Role[] = ['member', 'manager'];

/** A key no row has yet (keys render into element ids: deterministic, so server and browser agree). */
export const newMappingKey = (rows: MappingDraft[]) => Math.max(0, ...rows.map((r) => r.key)) + 1;

export function draftFromRules(rules: DirectoryRules, units: Record<string, UnitOption>, root: UnitOption): RulesDraft {
  const unit = (id: string | undefined) => (id ? (units[id] ?? null) : root);
  return {
    departments: { on: Boolean(rules.departments), separator: rules.departments?.separator ?? '/', under: unit(rules.departments?.parentUnitId) },
    groupNames: {
      on: Boolean(rules.groupNames),
      separator: rules.groupNames?.separator ?? '/',
      under: unit(rules.groupNames?.parentUnitId),
      role: rules.groupNames?.role ?? 'member',
    },
    groups: rules.groups.map((g, i) => ({ key: i + 1, groupId: g.groupId, unit: units[g.unitId] ?? null, newUnit: g.newUnit ?? '', role: g.role, roles: g.roles ?? [] })),
  };
}

/** The rules the draft says, or the first problem with it (in the words the form shows). */
export function rulesFromDraft(draft: RulesDraft, root: UnitOption): { rules: DirectoryRules; problem?: undefined } | { problem: string; rules?: undefined } {
  const parent = (u: UnitOption | null) => (u && u.id !== root.id ? { parentUnitId: u.id } : {});
  for (const [name, p] of [['department', draft.departments], ['group-name', draft.groupNames]] as const) {
    if (p.on && !p.separator.trim()) return { problem: `Give the ${name} rule a path separator, such as "/".` };
  }
  const mappings = draft.groups;
  if (mappings.some((m) => !m.groupId || !m.unit)) return { problem: 'Pick a group and a unit in every group mapping, or remove the unfinished row.' };
  const seen = new Set(mappings.map((m) => `${m.groupId}/${m.unit!.id}/${m.newUnit.trim().toLowerCase()}`));
  if (seen.size < mappings.length) return { problem: 'A group is mapped to the same unit twice; remove one of the rows.' };
  return {
    rules: {
      groups: mappings.map((m) => ({ groupId: m.groupId, unitId: m.unit!.id, ...(m.newUnit.trim() ? { newUnit: m.newUnit.trim() } : {}), role: m.role, ...(m.roles.length ? { roles: m.roles } : {}) })),
      ...(draft.departments.on ? { departments: { separator: draft.departments.separator, ...parent(draft.departments.under) } } : {}),
      ...(draft.groupNames.on ? { groupNames: { separator: draft.groupNames.separator, role: draft.groupNames.role, ...parent(draft.groupNames.under) } } : {}),
    },
  };
}

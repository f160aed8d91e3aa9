// The rules that place directory people in the tree, and what they ask for one person.
//
// - groups: an IdP group → a unit, with a role (members of "Platform engineers" are members of
//   Engineering/Platform; "Platform leads" are its managers).
// - departments: the enterprise `department` attribute read as a path (`Engineering/Platform/Cloud`)
//   under a unit; missing units are created. The person's home unit.
// - groupNames: every group's displayName read as a path the same way (`Sales/EMEA`), its members
//   placed there with a role.
// Without a home from departments, a person's home is the organization itself (the root unit):
// everyone the directory provisions holds one membership at least, which is what being in an
// Arbor organization means.
import { z } from 'zod';
import { EMPTY_CATALOGUE, type RoleCatalogue } from '../authz/role-catalogue';
import { findCustomRoles } from '../authz/role-keys';
import { ROLE_RANK, ROLES, TENANT_ROLES, type Role } from '../authz/roles';
import { validateId } from '../validation';
import { validateUnitName } from '../org/unit-item';
import { badRules } from './errors';

export interface GroupRule {
  groupId: string;
  /** The unit; with `newUnit`, the unit it is created under (found by name when it exists). */
  unitId: string;
  /** A unit for the group that does not exist yet: made, marked as the directory's, on first use. */
  newUnit?: string;
  role: Role;
  /** Custom roles (docs/roles.md) given on the same unit beside `role`; absent = none. */
  roles?: string[];
}

export interface PathRule {
  /** The unit the paths start under (the root when unset). */
  parentUnitId?: string;
  /** Between a path's unit names: `/` by default. */
  separator: string;
}

export interface GroupNamesRule extends PathRule {
  role: Role;
}

export interface DirectoryRules {
  groups: GroupRule[];
  departments?: PathRule;
  groupNames?: GroupNamesRule;
}

export const EMPTY_RULES: DirectoryRules = { groups: [] };
/** 1–3 visible characters (no spaces, controls or format characters such as zero-width joiners). */
const SEPARATOR = /^[^\p{Cc}\p{Cf}\p{Z}]{1,3}$/u;
const MAX_GROUP_RULES = 50;

const role = z.enum(ROLES);
const pathRule = z.object({ parentUnitId: z.string().optional(), separator: z.string() });
export const storedRules = z.object({
  groups: z.array(z.object({ groupId: z.string(), unitId: z.string(), newUnit: z.string().optional(), role, roles: z.array(z.string()).optional() })),
  departments: pathRule.optional(),
  groupNames: pathRule.extend({ role }).optional(),
});

/**
 * Rules from the console, checked: ids well-formed, a short separator, roles a directory may give,
 * custom roles that the tenant's catalogue holds (none without one).
 */
export function validateRules(raw: unknown, catalogue: RoleCatalogue = EMPTY_CATALOGUE): DirectoryRules {
  const parsed = storedRules.safeParse(raw);
  if (!parsed.success) throw badRules('The rules are not in the expected shape.');
  const rules = parsed.data;
  if (rules.groups.length > MAX_GROUP_RULES) throw badRules(`At most ${MAX_GROUP_RULES} group rules.`);
  const seen = new Set<string>();
  for (const g of rules.groups) {
    validateId(g.groupId, 'group');
    validateId(g.unitId, 'unit');
    if (g.newUnit !== undefined) {
      try {
        g.newUnit = validateUnitName(g.newUnit);
      } catch (e) {
        throw badRules(`The new unit's name: ${(e as Error).message}`);
      }
    }
    const target = `${g.groupId}/${g.unitId}/${g.newUnit?.toLowerCase() ?? ''}`;
    if (seen.has(target)) throw badRules('A group is mapped to the same unit twice.');
    seen.add(target);
    checkRole(g.role);
    if (g.roles) g.roles = checkCustomRoles(g.roles, catalogue);
  }
  for (const p of [rules.departments, rules.groupNames]) {
    if (!p) continue;
    if (p.parentUnitId) validateId(p.parentUnitId, 'unit');
    if (!SEPARATOR.test(p.separator)) throw badRules('A path separator is 1–3 visible characters, such as "/".');
  }
  if (rules.groupNames) checkRole(rules.groupNames.role);
  return rules;
}

// The directory never makes owners: the last-owner rule and who may hand out ownership stay with people.
function checkRole(r: Role) {
  if (r === 'owner') throw badRules('The directory cannot make owners; pick admin, manager or member.');
}

function checkCustomRoles(keys: string[], catalogue: RoleCatalogue): string[] {
  const named = findCustomRoles(catalogue, keys);
  if (!named.roles) throw badRules(`A group mapping's custom roles: ${named.problem}`);
  return named.roles.map((r) => r.key);
}

/** A path attribute as unit names: split, trimmed, empty parts dropped (`Eng//Cloud ` → Eng, Cloud). */
function pathNames(value: string | undefined, separator: string): string[] {
  if (!value) return [];
  return value.split(separator).map((s) => s.trim()).filter(Boolean);
}

/** Where a placement comes from: a unit id, or a path of names under a unit, to find or create. */
export type PlacementTarget = { unitId: string } | { parentUnitId: string; names: string[] };

export interface Placement {
  target: PlacementTarget;
  role: Role;
  /** Custom roles on the same unit. */
  roles: string[];
  /** Why (shown in previews and errors): `department`, `group <name>`. */
  reason: string;
}

export interface PersonFacts {
  department?: string;
  groups: { groupId: string; displayName: string }[];
}

/** What the rules ask for one person: their home, then one placement per matching group rule. */
export function placementsFor(rules: DirectoryRules, rootUnitId: string, person: PersonFacts): Placement[] {
  const out: Placement[] = [];
  const dept = rules.departments ? pathNames(person.department, rules.departments.separator) : [];
  out.push(
    rules.departments && dept.length > 0
      ? { target: { parentUnitId: rules.departments.parentUnitId ?? rootUnitId, names: dept }, role: 'member', roles: [], reason: 'department' }
      : { target: { unitId: rootUnitId }, role: 'member', roles: [], reason: 'organization' },
  );
  for (const g of person.groups) {
    for (const r of rules.groups) {
      if (r.groupId !== g.groupId) continue;
      const target = r.newUnit ? { parentUnitId: r.unitId, names: [r.newUnit] } : { unitId: r.unitId };
      out.push({ target, role: r.role, roles: r.roles ?? [], reason: `group ${g.displayName}` });
    }
    if (rules.groupNames) {
      const names = pathNames(g.displayName, rules.groupNames.separator);
      if (names.length > 0) out.push({ target: { parentUnitId: rules.groupNames.parentUnitId ?? rootUnitId, names }, role: rules.groupNames.role, roles: [], reason: `group ${g.displayName}` });
    }
  }
  return out;
}

/** One role per unit: the highest asked; tenant-wide roles only where the tree allows them. */
export function strongest(a: Role, b: Role): Role {
  return ROLE_RANK[a] >= ROLE_RANK[b] ? a : b;
}

/** owner/admin live on the root only: elsewhere a tenant role given by a rule becomes manager. */
export const roleForUnit = (r: Role, isRoot: boolean): Role => (!isRoot && TENANT_ROLES.includes(r) ? 'manager' : r);

// Plans a memberships import: each row puts a person (by email) in an existing unit (by path;
// empty for the top unit) with a role, and any custom roles (`custom_roles`: keys separated by
// `;`, each in the catalogue and each one the importer may give there: role.assign). Emails, names and roles are validated as the domain
// does; owner and admin only on the top unit; each row must be something the importer may grant
// (lib/authz, so an admin can't import owners); a person already in the unit is skipped, the
// same person and unit twice refused; someone not in the organization yet needs a name, and an
// address that can never sign in here (a personal provider, another organization's domain) is
// refused, one outside the domains SSO serves warned about. Pure: the tree, the people and the
// address checks come in.
import { EMPTY_CATALOGUE, explainAccess, findCustomRoles, type ActorAccess, type CustomRole, type RoleCatalogue } from '../authz';
import type { AddressCheck } from '../invitations/check-addresses';
import { isArborError } from '../errors';
import { isRootPath, TENANT_ROLES, validateRole, type Role } from '../members/membership-items';
import { validateEmail, validateName } from '../validation';
import { formatUnitPath, parseUnitPath } from './csv';
import type { ImportRow } from './parse-import';
import type { ImportPlan, MembershipOp, PreviewRow } from './plan-types';
import { pathKey, type TreeIndex } from '../org';

/** Someone already in the organization: their id and the units they belong to, with roles. */
export interface KnownPerson {
  userId: string;
  name: string;
  units: Map<string, Role>;
  /** The custom roles held on those units, where any. */
  customRoles?: Map<string, string[]>;
}

/** By lower-cased email; absent or undefined when the person isn't in the organization. */
export type People = Map<string, KnownPerson | undefined>;

const message = (e: unknown) => {
  if (isArborError(e)) return e.message;
  throw e;
};

/** The valid, lower-cased emails of the rows and of their managers (what to look people up by). */
export function importEmails(rows: ImportRow[]): string[] {
  const emails = new Set<string>();
  for (const row of rows) {
    for (const cell of [row.cells.email, row.cells.manager]) {
      if (!cell?.trim()) continue;
      try {
        emails.add(validateEmail(cell));
      } catch {
        // reported per row by the planner
      }
    }
  }
  return [...emails];
}

/**
 * The `manager` cell of a row: empty (no change), or a valid email of someone in the organization
 * or added by this file, who is not the person themselves. Loops are refused when applied.
 */
function managerOf(cell: string | undefined, email: string, people: People, added: Set<string>): { manager?: string; problem?: string } {
  if (!cell?.trim()) return {};
  let manager: string;
  try {
    manager = validateEmail(cell);
  } catch {
    return { problem: `The manager "${cell.trim().slice(0, 80)}" is not an email address.` };
  }
  if (manager === email) return { problem: 'A person cannot be their own manager.' };
  if (!people.get(manager) && !added.has(manager)) return { problem: `The manager ${manager} is not in the organization, nor added by this file.` };
  return { manager };
}

/** The keys of a `custom_roles` cell: `budget-approver; wiki-editor`. */
export const customRoleKeys = (cell: string | undefined): string[] => (cell ?? '').split(';').map((k) => k.trim()).filter(Boolean);

/** Who a `role.assign` decision names for someone not in the organization yet. */
const NEWCOMER = 'newcomer';

export function planMembershipImport(
  rows: ImportRow[], index: TreeIndex, people: People, access: ActorAccess, addresses: Map<string, AddressCheck> = new Map(),
  catalogue: RoleCatalogue = EMPTY_CATALOGUE,
): ImportPlan<MembershipOp> {
  const out: PreviewRow[] = [];
  const ops: MembershipOp[] = [];
  const lines: MembershipOp[] = [];
  const seen = new Map<string, number>();
  // Everyone this file adds, by email: a manager may be one of them (their line is set after).
  const added = new Set(importEmails(rows.map((r) => ({ ...r, cells: { email: r.cells.email ?? '' } }))));
  const lineSet = new Map<string, number>();

  for (const row of rows) {
    const { unit_path: unitPath = '', email: rawEmail = '', name: rawName = '', role: rawRole = '', custom_roles: rawCustomRoles } = row.cells;
    const parsed = parseUnitPath(unitPath);
    const where = parsed.ok ? (parsed.names.length ? formatUnitPath(parsed.names) : 'top unit') : unitPath;
    const label = `${rawEmail || '(no email)'} → ${where}`;
    const fail = (text: string) => out.push({ line: row.line, label, status: 'error', message: text });

    let email: string;
    let role: Role;
    try {
      email = validateEmail(rawEmail);
      role = validateRole(rawRole.trim().toLowerCase());
    } catch (e) {
      fail(message(e));
      continue;
    }
    const named = findCustomRoles(catalogue, customRoleKeys(rawCustomRoles));
    if (!named.roles) {
      fail(named.problem);
      continue;
    }
    const customRoles: CustomRole[] = named.roles;
    const line = managerOf(row.cells.manager, email, people, added);
    if (line.problem) {
      fail(line.problem);
      continue;
    }
    const earlierLine = line.manager ? lineSet.get(email) : undefined;
    if (earlierLine) {
      fail(`${email}'s manager is already set by line ${earlierLine}; a person has one manager.`);
      continue;
    }
    if (!parsed.ok) {
      fail(parsed.message);
      continue;
    }
    const target = index.byPath.get(pathKey(parsed.names));
    if (!target) {
      fail(`There is no unit "${where}". Import units first, or check the spelling.`);
      continue;
    }
    const unit = target.unit;
    if (TENANT_ROLES.includes(role) && !isRootPath(unit.path)) {
      fail(`The ${role} role applies to the whole organization, so it can only be given on the top unit (an empty unit_path).`);
      continue;
    }
    const person = people.get(email);
    let name: string | undefined;
    if (rawName.trim()) {
      try {
        name = validateName(rawName, 'user');
      } catch (e) {
        fail(message(e));
        continue;
      }
    }
    if (!person && !name) {
      fail(`${email} is not in the organization yet: give their name to add them.`);
      continue;
    }
    const address = person ? undefined : addresses.get(email);
    if (address && (address.verdict === 'consumer' || address.verdict === 'otherTenant')) {
      fail(address.message);
      continue;
    }
    const decision = explainAccess(access, 'membership.add', { unit: { id: unit.id, path: unit.path, name: unit.name }, role, userId: person?.userId });
    if (!decision.allowed) {
      fail(decision.message);
      continue;
    }
    const refusal = customRoles
      .map((r) => explainAccess(access, 'role.assign', { unit: { id: unit.id, path: unit.path, name: unit.name }, userId: person?.userId ?? NEWCOMER, role: r }))
      .find((d) => !d.allowed);
    if (refusal && !refusal.allowed) {
      fail(refusal.message);
      continue;
    }
    const key = `${unit.id}\u0000${email}`;
    const earlier = seen.get(key);
    if (earlier) {
      fail(`The same person and unit as line ${earlier}.`);
      continue;
    }
    seen.set(key, row.line);
    const managerText = line.manager ? ` Sets their manager to ${people.get(line.manager)?.name || line.manager}.` : '';
    if (line.manager) {
      lineSet.set(email, row.line);
      lines.push({ line: row.line, unitId: unit.id, email, role, manager: line.manager, lineOnly: true });
    }
    const held = person?.units.get(unit.id);
    if (held) {
      const heldCustom = person?.customRoles?.get(unit.id) ?? [];
      const same = held === role && heldCustom.length === customRoles.length && customRoles.every((r) => heldCustom.includes(r.key));
      const text = same
        ? `Already ${withRoles(role, customRoles)} of this unit; nothing to do.`
        : `Already ${held} of this unit (the file says ${withRoles(role, customRoles)}); change roles on the unit page.`;
      out.push(line.manager ? { line: row.line, label, status: 'add', message: `${text.replace('; nothing to do.', '.')}${managerText}` } : { line: row.line, label, status: 'skip', message: text });
      continue;
    }
    ops.push({ line: row.line, unitId: unit.id, email, role, ...(name ? { name } : {}), ...(customRoles.length ? { roles: customRoles.map((r) => r.key) } : {}) });
    out.push({
      line: row.line, label, status: 'add',
      message: person
        ? `Adds ${person.name || email} as ${withRoles(role, customRoles)}.`
        : `Adds ${name} (new to the organization) as ${withRoles(role, customRoles)}.${address && address.verdict !== 'ok' ? ` Note: ${address.message}` : ''}`,
    });
    if (managerText) out[out.length - 1]!.message += managerText;
  }
  return { rows: out, ops: [...ops, ...lines] };
}

/** "member", or "member + Budget approver, Wiki editor". */
const withRoles = (role: Role, custom: CustomRole[]) => (custom.length ? `${role} + ${custom.map((r) => r.name).join(', ')}` : role);

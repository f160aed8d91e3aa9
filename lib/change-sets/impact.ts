// Who gains and who loses what, between the tree today and the tree after a change set: the
// units each person administers (an owner or admin on the top unit: all of them; a manager: the
// subtree of each unit they manage), compared person by person, and told the way the unit page
// explains access ("loses Platform, because Platform moves out of Engineering, where they are
// manager"). Also who loses a membership, and which units are left with no manager above them.
import { ROLE_RANK, TENANT_ROLES, type Role } from '../authz/roles';
import { memberKey, type Operation } from './operations';
import { pathOf, subtreeOf, type SimPerson, type Tree } from './simulate';

export interface AccessChange {
  /** The top unit of what changes hands (everything below it changes too). */
  unitId: string;
  unitName: string;
  /** Units changing hands under it, itself included. */
  units: number;
  reason: string;
}

export interface PersonImpact {
  userId: string;
  name: string;
  email: string;
  gains: AccessChange[];
  losses: AccessChange[];
}

export interface MembershipLoss {
  userId: string;
  name: string;
  email: string;
  unitId: string;
  unitName: string;
  reason: 'removed' | 'moved' | 'unitDeleted';
  /** moved: where they go. */
  toUnitName?: string;
}

export interface Unmanaged {
  unitId: string;
  unitName: string;
  units: number;
}

interface Held {
  unitId: string;
  role: Role;
}

/** Each person's administering roles in a tree: manager anywhere, owner/admin on the top unit. */
function administeringRoles(tree: Tree): Map<string, Held[]> {
  const out = new Map<string, Held[]>();
  for (const u of tree.units.values()) {
    for (const [userId, a] of Object.entries(u.administrators)) {
      if (TENANT_ROLES.includes(a.role) && u.id !== tree.rootId) continue;
      if (ROLE_RANK[a.role] < ROLE_RANK.manager) continue;
      out.set(userId, [...(out.get(userId) ?? []), { unitId: u.id, role: a.role }]);
    }
  }
  return out;
}

const tenantWide = (held: Held[]) => held.some((h) => TENANT_ROLES.includes(h.role));

function administered(tree: Tree, held: Held[]): Set<string> {
  if (tenantWide(held)) return new Set(tree.units.keys());
  const out = new Set<string>();
  for (const h of held) if (tree.units.has(h.unitId)) for (const id of subtreeOf(tree, h.unitId)) out.add(id);
  return out;
}

/** Units of `set` whose parent (in `tree`) is not in it: the tops of what changed hands. */
function tops(tree: Tree, set: Set<string>): { id: string; size: number }[] {
  const out: { id: string; size: number }[] = [];
  for (const id of set) {
    const parent = tree.units.get(id)?.parentId;
    if (!parent || !set.has(parent)) out.push({ id, size: subtreeOf(tree, id).filter((x) => set.has(x)).length });
  }
  return out;
}

export function accessImpact(before: Tree, after: Tree, people: Map<string, SimPerson>): PersonImpact[] {
  const rolesBefore = administeringRoles(before);
  const rolesAfter = administeringRoles(after);
  const everyone = new Set([...rolesBefore.keys(), ...rolesAfter.keys()]);
  const out: PersonImpact[] = [];
  for (const userId of everyone) {
    const was = rolesBefore.get(userId) ?? [];
    const is = rolesAfter.get(userId) ?? [];
    if (tenantWide(was) && tenantWide(is)) continue;
    const had = administered(before, was);
    const has = administered(after, is);
    // Units the set deletes or creates change no one's power: they are told as deletions and creations.
    const lost = new Set([...had].filter((id) => after.units.has(id) && !has.has(id)));
    const gained = new Set([...has].filter((id) => before.units.has(id) && !had.has(id)));
    if (lost.size === 0 && gained.size === 0) continue;
    const person = people.get(userId) ?? nameFromMaps(before, after, userId);
    out.push({
      userId, name: person.name, email: person.email,
      losses: tops(before, lost).map((t) => change(before, after, t, was, is, 'loses')),
      gains: tops(after, gained).map((t) => change(after, before, t, is, was, 'gains')),
    });
  }
  return out.sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email));
}

function nameFromMaps(before: Tree, after: Tree, userId: string): SimPerson {
  for (const tree of [before, after]) for (const u of tree.units.values()) if (u.administrators[userId]) return u.administrators[userId];
  return { name: '', email: '' };
}

/**
 * Why `top` changes hands: a role given or taken (`mine` vs `other` roles), or the unit moving
 * out of (or into) a unit where the person holds a role. `here` is the tree the top is in.
 */
function change(here: Tree, there: Tree, top: { id: string; size: number }, mine: Held[], other: Held[], verb: 'loses' | 'gains'): AccessChange {
  const unitName = here.units.get(top.id)!.name;
  const base = { unitId: top.id, unitName, units: top.size };
  const path = pathOf(here, top.id);
  const grant = mine.find((h) => TENANT_ROLES.includes(h.role) || path.includes(h.unitId));
  if (!grant) return { ...base, reason: `${verb} administration of ${unitName}` };
  const grantName = here.units.get(grant.unitId)?.name ?? 'a unit';
  const still = other.find((h) => h.unitId === grant.unitId);
  if (!still || ROLE_RANK[still.role] < ROLE_RANK.manager) {
    const what = verb === 'loses' ? (still ? `their role on ${grantName} becomes ${still.role}` : `they leave ${grantName}`) : `they become ${grant.role} of ${grantName}`;
    return { ...base, reason: `${verb} ${unitName}, because ${what}` };
  }
  // The role stays: the unit itself (or one above it) moved across the grant's boundary.
  const mover = path.find((id) => here.units.get(id)?.parentId !== there.units.get(id)?.parentId && there.units.has(id)) ?? top.id;
  const moverName = here.units.get(mover)?.name ?? unitName;
  const direction = verb === 'loses' ? 'out of' : 'into';
  return { ...base, reason: `${verb} ${unitName}, because ${moverName} moves ${direction} ${grantName}, where they are ${grant.role}` };
}

/** People who leave a unit: removed, moved to another, or with a deleted unit (`deletedMembers`). */
export function membershipLosses(
  before: Tree,
  ops: { op: Operation }[],
  people: Map<string, SimPerson>,
  deletedMembers: { userId: string; unitId: string; name: string; email: string }[],
  /** The live membership of each key the operations name (null: none). */
  memberships: ReadonlyMap<string, unknown>,
): MembershipLoss[] {
  const out: MembershipLoss[] = [];
  const person = (userId: string) => people.get(userId) ?? { name: '', email: '' };
  const created = new Map(ops.flatMap(({ op }) => (op.kind === 'createUnit' ? [[op.unitId, op.name] as const] : [])));
  const unitName = (id: string) => before.units.get(id)?.name ?? created.get(id) ?? 'a new unit';
  for (const { op } of ops) {
    if (op.kind === 'removeMember' && memberships.get(memberKey(op.unitId, op.userId))) {
      out.push({ userId: op.userId, ...person(op.userId), unitId: op.unitId, unitName: unitName(op.unitId), reason: 'removed' });
    }
    if (op.kind === 'moveMember') {
      out.push({ userId: op.userId, ...person(op.userId), unitId: op.fromUnitId, unitName: unitName(op.fromUnitId), reason: 'moved', toUnitName: unitName(op.unitId) });
    }
  }
  for (const m of deletedMembers) out.push({ userId: m.userId, name: m.name, email: m.email, unitId: m.unitId, unitName: unitName(m.unitId), reason: 'unitDeleted' });
  return out;
}

/** Units that had a manager on them or above (below the top unit) and would have none. */
export function leftUnmanaged(before: Tree, after: Tree): Unmanaged[] {
  const managedBefore = managedUnits(before);
  const managedAfter = managedUnits(after);
  const orphaned = new Set([...after.units.keys()].filter((id) => managedBefore.has(id) && !managedAfter.has(id)));
  return tops(after, orphaned).map((t) => ({ unitId: t.id, unitName: after.units.get(t.id)!.name, units: t.size }));
}

function managedUnits(tree: Tree): Set<string> {
  const out = new Set<string>();
  const walk = (id: string, managed: boolean) => {
    const u = tree.units.get(id)!;
    const here = managed || (id !== tree.rootId && Object.values(u.administrators).some((a) => a.role === 'manager'));
    if (here) out.add(id);
    for (const c of tree.children.get(id) ?? []) walk(c, here);
  };
  if (tree.units.has(tree.rootId)) walk(tree.rootId, false);
  return out;
}

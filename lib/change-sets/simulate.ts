// Runs a change set's operations over an in-memory copy of the tree, without writing anything:
// the tree after, what each operation would be refused for, and the memberships after. The same
// rules as the live writes (lib/org, lib/members): sibling names unique ignoring case, depth at
// most MAX_DEPTH, no cycles, owner and admin on the top unit only, at least one owner.
import { searchKey } from '../validation';
import { MAX_DEPTH } from '../org/unit-item';
import { TENANT_ROLES, type Role } from '../authz/roles';
import { memberKey, type Operation } from './operations';

export interface SimUnit {
  id: string;
  name: string;
  parentId: string | null;
  memberCount: number;
  /** Administering roles held directly on the unit (owner, admin, manager), by user id. */
  administrators: Record<string, { role: Role; name: string; email: string }>;
}

export interface SimPerson {
  name: string;
  email: string;
}

export interface Tree {
  units: Map<string, SimUnit>;
  children: Map<string, Set<string>>;
  rootId: string;
}

export function buildTree(units: Iterable<SimUnit>, rootId: string): Tree {
  const tree: Tree = { units: new Map(), children: new Map(), rootId };
  for (const u of units) tree.units.set(u.id, { ...u, administrators: { ...u.administrators } });
  for (const u of tree.units.values()) if (u.parentId) childrenOf(tree, u.parentId).add(u.id);
  return tree;
}

export function cloneTree(tree: Tree): Tree {
  return buildTree(tree.units.values(), tree.rootId);
}

function childrenOf(tree: Tree, id: string): Set<string> {
  let set = tree.children.get(id);
  if (!set) tree.children.set(id, (set = new Set()));
  return set;
}

/** Ids from the top unit down to `id` (empty when the unit is not in the tree). */
export function pathOf(tree: Tree, id: string): string[] {
  const out: string[] = [];
  for (let at: string | null = id; at; at = tree.units.get(at)?.parentId ?? null) {
    if (!tree.units.has(at)) return [];
    out.push(at);
  }
  return out.reverse();
}

/** Every unit of the subtree at `id`, itself first. */
export function subtreeOf(tree: Tree, id: string): string[] {
  const out: string[] = [];
  const stack = [id];
  while (stack.length) {
    const at = stack.pop()!;
    out.push(at);
    for (const c of tree.children.get(at) ?? []) stack.push(c);
  }
  return out;
}

function heightOf(tree: Tree, id: string): number {
  let h = 0;
  for (const c of tree.children.get(id) ?? []) h = Math.max(h, 1 + heightOf(tree, c));
  return h;
}

export type MembershipState = Map<string, Role | null>;

export interface Simulation {
  after: Tree;
  memberships: MembershipState;
  /** Why each operation (by seq) would be refused; absent when it would go through. */
  problems: Map<number, string[]>;
  /** Units each delete removes (by the deleted unit's id, its whole subtree). */
  deleted: Map<string, string[]>;
}

/**
 * Applies `ops` in order to a copy of `before`. `memberships` holds the live role (or null) of
 * every membership the operations name; `people` their names, for the administrators maps.
 */
export function simulate(before: Tree, memberships: MembershipState, people: Map<string, SimPerson>, ops: { seq: number; op: Operation }[]): Simulation {
  const tree = cloneTree(before);
  const state: MembershipState = new Map(memberships);
  const problems = new Map<number, string[]>();
  const deleted = new Map<string, string[]>();
  const name = (id: string) => tree.units.get(id)?.name ?? 'a unit no longer in the tree';
  for (const { seq, op } of ops) {
    const refuse: string[] = [];
    const unit = (id: string, what = 'The unit') => {
      const u = tree.units.get(id);
      if (!u) refuse.push(`${what} is not in the tree at this point (deleted, or never created).`);
      return u;
    };
    const nameFree = (parentId: string, text: string, self?: string) => {
      const key = searchKey(text);
      for (const c of tree.children.get(parentId) ?? []) {
        if (c !== self && searchKey(tree.units.get(c)!.name) === key) refuse.push(`${name(parentId)} already has a unit named "${tree.units.get(c)!.name}".`);
      }
    };
    const roleFits = (role: Role, unitId: string) => {
      if (TENANT_ROLES.includes(role) && unitId !== tree.rootId) refuse.push(`The ${role} role is held on the top unit only.`);
    };
    switch (op.kind) {
      case 'createUnit': {
        const parent = unit(op.parentId, 'The parent');
        if (tree.units.has(op.unitId)) refuse.push('This unit already exists.');
        if (parent) {
          if (pathOf(tree, parent.id).length > MAX_DEPTH) refuse.push(`The tree would be deeper than ${MAX_DEPTH} levels.`);
          nameFree(parent.id, op.name);
        }
        if (refuse.length === 0) {
          tree.units.set(op.unitId, { id: op.unitId, name: op.name, parentId: op.parentId, memberCount: 0, administrators: {} });
          childrenOf(tree, op.parentId).add(op.unitId);
        }
        break;
      }
      case 'renameUnit': {
        const u = unit(op.unitId);
        if (u?.parentId) nameFree(u.parentId, op.name, u.id);
        if (u && refuse.length === 0) u.name = op.name;
        break;
      }
      case 'moveUnit': {
        const u = unit(op.unitId);
        const target = unit(op.parentId, 'The new parent');
        if (!u || !target) break;
        if (!u.parentId) refuse.push('The top unit cannot move.');
        else if (pathOf(tree, target.id).includes(u.id)) refuse.push(`${target.name} is inside ${u.name}: a unit cannot move below itself.`);
        else {
          if (pathOf(tree, target.id).length + heightOf(tree, u.id) > MAX_DEPTH) refuse.push(`The tree would be deeper than ${MAX_DEPTH} levels.`);
          if (u.parentId !== target.id) nameFree(target.id, u.name);
        }
        if (refuse.length === 0 && u.parentId !== target.id) {
          tree.children.get(u.parentId!)?.delete(u.id);
          childrenOf(tree, target.id).add(u.id);
          u.parentId = target.id;
        }
        break;
      }
      case 'deleteUnit': {
        const u = unit(op.unitId);
        if (u && !u.parentId) refuse.push('The top unit cannot be deleted.');
        if (!u || refuse.length) break;
        const gone = subtreeOf(tree, u.id);
        const goneSet = new Set(gone);
        tree.children.get(u.parentId!)?.delete(u.id);
        for (const id of gone) {
          tree.units.delete(id);
          tree.children.delete(id);
        }
        for (const [k] of state) if (goneSet.has(k.slice(0, k.indexOf(':')))) state.set(k, null);
        deleted.set(u.id, gone);
        break;
      }
      case 'addMember': {
        const u = unit(op.unitId);
        if (!u) break;
        if (state.get(memberKey(op.unitId, op.userId))) refuse.push(`${who(people, op.userId)} is already a member of ${u.name}.`);
        roleFits(op.role, u.id);
        if (refuse.length === 0) setRole(tree, state, people, u.id, op.userId, op.role);
        break;
      }
      case 'removeMember': {
        const u = unit(op.unitId);
        if (u && !state.get(memberKey(op.unitId, op.userId))) refuse.push(`${who(people, op.userId)} is not a member of ${u.name}.`);
        if (u && refuse.length === 0) setRole(tree, state, people, u.id, op.userId, null);
        break;
      }
      case 'moveMember': {
        const from = unit(op.fromUnitId, 'The unit they leave');
        const to = unit(op.unitId, 'The unit they join');
        if (!from || !to) break;
        const role = state.get(memberKey(op.fromUnitId, op.userId));
        if (!role) refuse.push(`${who(people, op.userId)} is not a member of ${from.name}.`);
        if (state.get(memberKey(op.unitId, op.userId))) refuse.push(`${who(people, op.userId)} is already a member of ${to.name}.`);
        if (role) roleFits(role, to.id);
        if (refuse.length === 0 && role) {
          setRole(tree, state, people, from.id, op.userId, null);
          setRole(tree, state, people, to.id, op.userId, role);
        }
        break;
      }
      case 'changeRole': {
        const u = unit(op.unitId);
        if (u && !state.get(memberKey(op.unitId, op.userId))) refuse.push(`${who(people, op.userId)} is not a member of ${u.name}.`);
        if (u) roleFits(op.role, u.id);
        if (u && refuse.length === 0) setRole(tree, state, people, u.id, op.userId, op.role);
        break;
      }
    }
    if (refuse.length === 0 && ownerCount(tree) === 0) refuse.push('The organization would be left without an owner.');
    if (refuse.length) problems.set(seq, refuse);
  }
  return { after: tree, memberships: state, problems, deleted };
}

const who = (people: Map<string, SimPerson>, userId: string) => people.get(userId)?.name || people.get(userId)?.email || 'This person';

const ownerCount = (tree: Tree) => Object.values(tree.units.get(tree.rootId)?.administrators ?? {}).filter((a) => a.role === 'owner').length;

function setRole(tree: Tree, state: MembershipState, people: Map<string, SimPerson>, unitId: string, userId: string, role: Role | null) {
  const before = state.get(memberKey(unitId, userId));
  state.set(memberKey(unitId, userId), role);
  const u = tree.units.get(unitId)!;
  u.memberCount += (role ? 1 : 0) - (before ? 1 : 0);
  const admins = { ...u.administrators };
  delete admins[userId];
  if (role && role !== 'member') admins[userId] = { role, name: people.get(userId)?.name ?? '', email: people.get(userId)?.email ?? '' };
  u.administrators = admins;
}

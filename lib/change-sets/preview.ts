// The preview of a change set: the live tree read once (T4 pages, with every unit's
// administrators), the memberships and people the operations name (BatchGetItem each), the
// members of units it deletes (one T7 Query per deleted unit); then, in memory: what changed
// since each operation was drafted, the tree after, what would be refused, who gains and loses
// what, and who must approve. Nothing is written.
import 'server-only';
import { batchGet, INDEX, keys, queryAll, type TenantDb } from '../db';
import { getTenantSettings } from '../tenants';
import { readUnit } from '../org/unit-reads';
import { loadTreeIndex } from '../org';
import { toMembership } from '../members/membership-items';
import type { Role } from '../authz/roles';
import type { ActorAccess } from '../authz';
import { previewFor } from './viewer-parts';
import type { ChangeSet, DraftedOperation, OperationBasis } from './change-set-item';
import { approvalState, type ApprovalState } from './approvals';
import { accessImpact, leftUnmanaged, membershipLosses, type MembershipLoss, type PersonImpact, type Unmanaged } from './impact';
import { membershipsNamed, memberKey, peopleNamed, splitMemberKey } from './operations';
import { buildTree, pathOf, simulate, subtreeOf, type MembershipState, type SimPerson, type Tree } from './simulate';
import { changeMarks, treeChanges, type TreeChanges } from './tree-changes';
import { pictures, type Pictures } from './pictures';

export interface Conflict {
  seq: number;
  /** What changed in the live tree since the operation was drafted, in words. */
  changes: string[];
}

export interface Preview {
  conflicts: Conflict[];
  /** Why operations would be refused, by seq. */
  problems: { seq: number; messages: string[] }[];
  tree: TreeChanges;
  /** The affected area before and after, as the change set page draws it (./pictures.ts). */
  pictures: Pictures;
  people: PersonImpact[];
  membershipsLost: MembershipLoss[];
  unmanaged: Unmanaged[];
  approvals: ApprovalState;
  /** Nothing stands in the way of applying but approvals (and they are complete when `approvals.complete`). */
  clean: boolean;
}

export interface LiveState {
  tree: Tree;
  memberships: Map<string, { role: Role; version: number } | null>;
  people: Map<string, SimPerson>;
  ownersSelfApprove: boolean;
}

/** The live data a preview (and an apply's final check) needs. */
export async function readLiveState(db: TenantDb, set: Pick<ChangeSet, 'operations'>): Promise<LiveState> {
  const settings = await getTenantSettings(db);
  const root = await readUnit(db, settings.rootUnitId);
  if (!root) throw new Error(`tenant ${db.tenantId}: the top unit is missing`);
  const ops = set.operations.map((o) => o.op);
  const memberKeys = [...new Set(ops.flatMap(membershipsNamed))];
  const userIds = [...new Set(ops.flatMap(peopleNamed))];
  const [index, memberItems, profiles] = await Promise.all([
    loadTreeIndex(db, root),
    batchGet(db, memberKeys.map((k) => keys.userMembership(db.tenantId, splitMemberKey(k).userId, splitMemberKey(k).unitId))),
    batchGet(db, userIds.map((id) => keys.tenantUser(db.tenantId, id)), { projection: ['userId', 'name', 'email'] }),
  ]);
  const tree = buildTree(
    [...index.byId.values()].map(({ unit }) => ({ id: unit.id, name: unit.name, parentId: unit.parentId, memberCount: unit.memberCount, administrators: unit.administrators ?? {} })),
    root.id,
  );
  const memberships: LiveState['memberships'] = new Map(memberKeys.map((k) => [k, null]));
  for (const item of memberItems) {
    const m = toMembership(item);
    memberships.set(memberKey(m.unitId, m.userId), { role: m.role, version: m.version });
  }
  const people = new Map(profiles.map((p) => [String(p.userId), { name: String(p.name ?? ''), email: String(p.email ?? '') }]));
  return { tree, memberships, people, ownersSelfApprove: settings.ownersApproveOwnChangeSets };
}

/** The preview; for a `viewer`, only what they may see (./viewer-parts.ts). */
export async function previewChangeSet(db: TenantDb, set: ChangeSet, live?: LiveState, viewer?: ActorAccess): Promise<Preview> {
  const state = live ?? (await readLiveState(db, set));
  const { tree } = state;
  const conflicts = set.operations.flatMap((o) => {
    const changes = conflictsOf(o, tree, state.memberships);
    return changes.length ? [{ seq: o.seq, changes }] : [];
  });
  const roles: MembershipState = new Map([...state.memberships].map(([k, v]) => [k, v?.role ?? null]));
  const sim = simulate(tree, roles, state.people, set.operations);
  const deletedMembers = await membersOfDeleted(db, tree, [...sim.deleted.keys()]);
  const approvals = approvalState(tree, set.operations, set.reviews, {
    author: set.header.author, opsVersion: set.header.opsVersion, ownersSelfApprove: state.ownersSelfApprove,
  });
  const problems = [...sim.problems].map(([seq, messages]) => ({ seq, messages }));
  const preview: Preview = {
    conflicts,
    problems,
    tree: treeChanges(tree, sim.after, set.operations, sim.deleted),
    pictures: pictures(tree, sim.after, changeMarks(tree, sim.after, set.operations, sim.deleted)),
    people: accessImpact(tree, sim.after, state.people),
    membershipsLost: membershipLosses(tree, set.operations, state.people, deletedMembers, state.memberships),
    unmanaged: leftUnmanaged(tree, sim.after),
    approvals,
    clean: conflicts.length === 0 && problems.length === 0 && set.operations.length > 0,
  };
  return viewer ? previewFor(viewer, preview, tree, set) : preview;
}

/** What changed in the live tree since the operation's facts were read. */
export function conflictsOf(o: Pick<DraftedOperation, 'basis'>, tree: Tree, memberships: LiveState['memberships']): string[] {
  const out: string[] = [];
  const basis: OperationBasis = o.basis;
  for (const [id, was] of Object.entries(basis.units)) {
    const now = tree.units.get(id);
    if (!now) out.push(`${was.name} was deleted.`);
    else if (now.name !== was.name) out.push(`${was.name} was renamed to ${now.name}.`);
    else if (now.parentId !== was.parentId) out.push(`${was.name} was moved to ${tree.units.get(now.parentId ?? '')?.name ?? 'another unit'}.`);
  }
  for (const [k, was] of Object.entries(basis.memberships)) {
    const now = memberships.get(k) ?? null;
    const unit = tree.units.get(splitMemberKey(k).unitId)?.name ?? basis.units[splitMemberKey(k).unitId]?.name ?? 'the unit';
    if (!was && now) out.push(`They were added to ${unit} meanwhile.`);
    else if (was && !now) out.push(`They left ${unit} meanwhile.`);
    else if (was && now && (was.role !== now.role || was.version !== now.version)) out.push(`Their membership of ${unit} changed meanwhile (now ${now.role}).`);
  }
  return out;
}

/** The members of each deleted unit's subtree (one T7 Query per deleted unit). */
async function membersOfDeleted(db: TenantDb, tree: Tree, deletedIds: string[]) {
  const live = deletedIds.filter((id) => tree.units.has(id));
  const pathOfUnit = (id: string) => `/${pathOf(tree, id).join('/')}/`;
  const pages = await Promise.all(live.map((id) => queryAll(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :path)',
    ExpressionAttributeValues: { ':pk': keys.gsi1.memberTree(db.tenantId), ':path': pathOfUnit(id) },
  })));
  const inside = new Set(live.flatMap((id) => subtreeOf(tree, id)));
  return pages.flat().filter((m) => inside.has(String(m.unitId))).map((m) => ({
    userId: String(m.userId), unitId: String(m.unitId), name: String(m.name ?? ''), email: String(m.email ?? ''),
  }));
}


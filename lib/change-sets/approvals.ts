// Who must approve a change set: for each operation, the administrators of every subtree it
// touches (both ends of a move), an owner covering them all. An area is approved when someone
// who administers it approved the operations as they stand now. Four eyes: the author's own
// approval does not count where someone else administers the area — except where nobody else
// can approve it (a set must never be stuck with no way out), or where the author is an owner
// and the organization lets owners approve their own sets (ownersApproveOwnChangeSets).
import { TENANT_ROLES } from '../authz/roles';
import type { AuditActor } from '../db';
import type { DraftedOperation, Review } from './change-set-item';
import { pathOf, type Tree } from './simulate';
import type { Operation } from './operations';

export interface Approver {
  userId: string;
  name: string;
  email: string;
  role: string;
  /** The unit their role is held on. */
  unitName: string;
}

/**
 * Whether the author's own approval counts on an area they administer, and why:
 * `onlyApprover` nobody else administers it; `ownerSetting` they are an owner and the
 * organization lets owners approve their own sets; `fourEyes` someone else must approve it.
 */
export type SelfApproval = 'onlyApprover' | 'ownerSetting' | 'fourEyes';

export interface ApprovalArea {
  unitId: string;
  unitName: string;
  /** Operations (by seq) that touch it. */
  operations: number[];
  /** Everyone whose approval would count on it (owners last; they cover every area); the author only when theirs counts. */
  approvers: Approver[];
  /** Set when the author administers the area: whether their own approval counts here. */
  author?: SelfApproval;
  approvedBy?: { userId: string; name: string; /** The author approved their own set. */ self?: boolean };
}

export interface ApprovalState {
  areas: ApprovalArea[];
  complete: boolean;
  /** The organization's setting: an owner's approval of their own set counts everywhere. */
  ownersSelfApprove: boolean;
  /** A reviewer rejected the operations as they stand. */
  rejectedBy?: { userId: string; name: string; comment: string };
}

/** The live units an operation touches; a unit the set creates stands for its nearest live ancestor. */
export function areasOf(op: Operation, live: Tree, createdParent: Map<string, string>): string[] {
  const resolve = (id: string): string | undefined => {
    for (let at: string | undefined = id, n = 0; at && n < 2000; at = createdParent.get(at), n++) if (live.units.has(at)) return at;
    return undefined;
  };
  const ids = op.kind === 'createUnit' ? [op.parentId] : op.kind === 'moveUnit' ? [op.unitId, op.parentId] : op.kind === 'moveMember' ? [op.fromUnitId, op.unitId] : [op.unitId];
  return [...new Set(ids.map(resolve).filter((id): id is string => Boolean(id)))];
}

/** Everyone administering `unitId` in the live tree: managers on its path, owners and admins. */
export function approversOf(live: Tree, unitId: string): Approver[] {
  const out: Approver[] = [];
  for (const id of pathOf(live, unitId).reverse()) {
    const u = live.units.get(id)!;
    for (const [userId, a] of Object.entries(u.administrators)) {
      const tenantWide = TENANT_ROLES.includes(a.role);
      if (tenantWide ? id !== live.rootId : a.role !== 'manager') continue;
      if (!out.some((p) => p.userId === userId)) out.push({ userId, name: a.name, email: a.email, role: a.role, unitName: u.name });
    }
  }
  return out;
}

export function approvalState(
  live: Tree,
  operations: DraftedOperation[],
  reviews: Review[],
  input: { author: AuditActor; opsVersion: number; ownersSelfApprove: boolean },
): ApprovalState {
  const createdParent = new Map(operations.flatMap(({ op }) => (op.kind === 'createUnit' ? [[op.unitId, op.parentId] as const] : [])));
  const byArea = new Map<string, number[]>();
  for (const { seq, op } of operations) for (const id of areasOf(op, live, createdParent)) byArea.set(id, [...(byArea.get(id) ?? []), seq]);
  const current = reviews.filter((r) => r.opsVersion === input.opsVersion);
  const rejected = current.find((r) => r.decision === 'reject');
  const approvals = current.filter((r) => r.decision === 'approve');
  const authorId = input.author.userId;
  const authorIsOwner = live.units.get(live.rootId)?.administrators[authorId]?.role === 'owner';
  const areas = [...byArea].map(([unitId, ops]): ApprovalArea => {
    const all = approversOf(live, unitId);
    const author = all.some((a) => a.userId === authorId) ? selfApproval(all, authorId, authorIsOwner && input.ownersSelfApprove) : undefined;
    const approvers = author === 'fourEyes' ? all.filter((a) => a.userId !== authorId) : all;
    const by = approvals.find((r) => approvers.some((a) => a.userId === r.userId));
    return {
      unitId, unitName: live.units.get(unitId)!.name, operations: ops,
      approvers: approvers.sort((a, b) => Number(a.role === 'owner') - Number(b.role === 'owner')),
      ...(author ? { author } : {}),
      ...(by ? { approvedBy: { userId: by.userId, name: by.name || by.email, ...(by.userId === authorId ? { self: true } : {}) } } : {}),
    };
  });
  return {
    areas,
    complete: areas.length > 0 && areas.every((a) => a.approvedBy) && !rejected,
    ownersSelfApprove: input.ownersSelfApprove,
    ...(rejected ? { rejectedBy: { userId: rejected.userId, name: rejected.name || rejected.email, comment: rejected.comment } } : {}),
  };
}

/** Whether the author's approval counts on an area whose administrators include them. */
function selfApproval(approvers: Approver[], authorId: string, ownerMayApproveOwn: boolean): SelfApproval {
  if (approvers.every((a) => a.userId === authorId)) return 'onlyApprover';
  return ownerMayApproveOwn ? 'ownerSetting' : 'fourEyes';
}

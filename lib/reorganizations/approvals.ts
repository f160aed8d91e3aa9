// Who must approve a change set: for each operation, the administrators of every subtree it
// touches (both ends of a move), an owner covering them all. An area is approved when someone
// who administers it approved the operations as they stand now; the author's own approval counts
// only when they are an owner and the organization allows owners to approve their own sets.
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

export interface ApprovalArea {
  unitId: string;
  unitName: string;
  /** Operations (by seq) that touch it. */
  operations: number[];
  /** Everyone whose approval would cover it (owners last; they cover every area). */
  approvers: Approver[];
  approvedBy?: { userId: string; name: string };
}

export interface ApprovalState {
  areas: ApprovalArea[];
  complete: boolean;
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
  const isOwner = (userId: string) => live.units.get(live.rootId)?.administrators[userId]?.role === 'owner';
  const counts = (userId: string) => userId !== input.author.userId || (input.ownersSelfApprove && isOwner(userId));
  const areas = [...byArea].map(([unitId, ops]): ApprovalArea => {
    const approvers = approversOf(live, unitId);
    const by = approvals.find((r) => counts(r.userId) && approvers.some((a) => a.userId === r.userId));
    return {
      unitId, unitName: live.units.get(unitId)!.name, operations: ops,
      approvers: approvers.sort((a, b) => Number(a.role === 'owner') - Number(b.role === 'owner')),
      ...(by ? { approvedBy: { userId: by.userId, name: by.name || by.email } } : {}),
    };
  });
  return {
    areas,
    complete: areas.length > 0 && areas.every((a) => a.approvedBy) && !rejected,
    ...(rejected ? { rejectedBy: { userId: rejected.userId, name: rejected.name || rejected.email, comment: rejected.comment } } : {}),
  };
}

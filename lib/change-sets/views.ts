// What the console and the API show of a change set: its header, each operation read back in
// words from the names it was drafted with, and the reviews (those that still count marked).
import type { ActorAccess } from '../authz';
import type { AuditActor } from '../db';
import type { ChangeSet, ChangeSetStatus, DraftedOperation } from './change-set-item';
import type { Operation } from './operations';
import { OUTSIDE_VIEW, seesEverything, shownOperations } from './viewer-parts';

export interface OperationView {
  seq: number;
  op: Operation;
  /** The operation in words, e.g. "Move Platform under Sales". */
  text: string;
  addedBy: AuditActor;
  addedAt: string;
}

export interface ReviewView {
  userId: string;
  name: string;
  decision: 'approve' | 'reject';
  comment: string;
  at: string;
  /** It reviewed the operations as they stand (an edit since makes it history). */
  current: boolean;
}

export interface ChangeSetView {
  setId: string;
  name: string;
  description: string;
  status: ChangeSetStatus;
  author: AuditActor;
  createdAt: string;
  updatedAt: string;
  version: number;
  operationCount: number;
  scheduledAt?: string;
  lastError?: { code: string; message: string };
  /** While applying, or after a run: how far it got, and why it stopped if it failed. */
  run?: { phase: string; next: number; locked: number; startedAt: string; by: AuditActor; error?: { code: string; message: string } };
  appliedAt?: string;
  revertOf?: string;
  revertedBy?: string;
}

export interface ChangeSetDetail extends ChangeSetView {
  /** The operations the viewer is shown (those touching a unit they see). */
  operations: OperationView[];
  /** Operations left out because they touch only units outside the viewer's view. */
  outsideOperations?: number;
  reviews: ReviewView[];
}

export function toSetView({ header: h }: Pick<ChangeSet, 'header'>): ChangeSetView {
  return {
    setId: h.setId, name: h.name, description: h.description, status: h.status, author: h.author,
    createdAt: h.createdAt, updatedAt: h.updatedAt, version: h.version, operationCount: h.opCount,
    ...(h.scheduledAt ? { scheduledAt: h.scheduledAt } : {}),
    ...(h.lastError ? { lastError: h.lastError } : {}),
    ...(h.run ? { run: { phase: h.run.phase, next: h.run.next, locked: h.run.locked, startedAt: h.run.startedAt, by: h.run.by, ...(h.run.error ? { error: h.run.error } : {}) } } : {}),
    ...(h.appliedAt ? { appliedAt: h.appliedAt } : {}),
    ...(h.revertOf ? { revertOf: h.revertOf } : {}),
    ...(h.revertedBy ? { revertedBy: h.revertedBy } : {}),
  };
}

/** The set with its operations in words; for a `viewer`, only what they may see (./viewer-parts.ts). */
export function toSetDetail(set: ChangeSet, viewer?: ActorAccess): ChangeSetDetail {
  const all = !viewer || seesEverything(viewer);
  const { shown, seenUnits } = all ? { shown: set.operations, seenUnits: undefined } : shownOperations(viewer, set);
  const names = new Map<string, string>();
  const people = new Map<string, string>();
  for (const o of set.operations) {
    for (const [id, u] of Object.entries(o.basis.units)) names.set(id, u.name);
    for (const [id, p] of Object.entries(o.basis.people ?? {})) people.set(id, p.name || p.email);
    if (o.op.kind === 'createUnit') names.set(o.op.unitId, o.op.name);
  }
  if (seenUnits) for (const id of names.keys()) if (!seenUnits.has(id)) names.set(id, OUTSIDE_VIEW);
  const outside = set.operations.length - shown.length;
  return {
    ...toSetView(set),
    ...(outside ? { outsideOperations: outside } : {}),
    operations: shown.map((o) => ({ seq: o.seq, op: o.op, text: describe(o, names, people), addedBy: o.addedBy, addedAt: o.addedAt })),
    reviews: set.reviews.map((r) => ({
      userId: r.userId, name: r.name || r.email, decision: r.decision, comment: r.comment, at: r.at, current: r.opsVersion === set.header.opsVersion,
    })),
  };
}

function describe({ op }: DraftedOperation, names: Map<string, string>, people: Map<string, string>): string {
  const unit = (id: string) => names.get(id) ?? 'a unit';
  const person = (id: string) => people.get(id) ?? 'someone';
  switch (op.kind) {
    case 'createUnit': return `Create ${op.name} under ${unit(op.parentId)}`;
    case 'renameUnit': return `Rename ${unit(op.unitId)} to ${op.name}`;
    case 'moveUnit': return `Move ${unit(op.unitId)} under ${unit(op.parentId)}`;
    case 'deleteUnit': return `Delete ${unit(op.unitId)} and everything below it`;
    case 'addMember': return `Add ${person(op.userId)} to ${unit(op.unitId)} as ${op.role}`;
    case 'removeMember': return `Remove ${person(op.userId)} from ${unit(op.unitId)}`;
    case 'moveMember': return `Move ${person(op.userId)} from ${unit(op.fromUnitId)} to ${unit(op.unitId)}`;
    case 'changeRole': return `Make ${person(op.userId)} ${op.role} of ${unit(op.unitId)}`;
  }
}

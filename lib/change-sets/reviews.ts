// Reviews: an administrator of a part of the tree the set touches (or an owner) approves or
// rejects the operations as they stand, with a comment. A review counts only for the operations
// it saw (opsVersion); any edit asks for fresh ones. A rejection sends the set back to its author.
import 'server-only';
import { actorIdentity, keys, transaction, type AuditActor, type TenantDb } from '../db';
import { auditEntryPut } from '../audit';
import { explainAccess, type ActorAccess, type Grant, type UnitRef } from '../authz';
import type { ChangeSetHeader, Review } from './change-set-item';
import { badComment, badOperation, notEditable, notReviewer } from './errors';
import { validateNote } from '../validation/note';
import { headerChanged, headerPut, readChangeSet } from './store';
import { setPlace } from './standing';

export const COMMENT_MAX = 1000;

/** The grant that makes this person a reviewer of the set (lib/authz `changeSet.review`), if any. */
export function reviewerGrant(access: ActorAccess, header: Pick<ChangeSetHeader, 'setId' | 'author' | 'areas'>, areas?: UnitRef[]): Grant | undefined {
  const decision = explainAccess(access, 'changeSet.review', setPlace(header, areas));
  return decision.allowed ? decision.grantedBy : undefined;
}

export async function reviewChangeSet(
  db: TenantDb,
  actor: AuditActor & { access: ActorAccess },
  setId: string,
  input: { expectedVersion: number; decision: 'approve' | 'reject'; comment?: string },
  /** The touched units as the entry point read them (otherwise the paths the header recorded). */
  areas?: UnitRef[],
): Promise<ChangeSetHeader> {
  const comment = validateNote(input.comment, COMMENT_MAX, () => badComment(COMMENT_MAX));
  if (input.decision === 'reject' && !comment) throw badOperation('Say why you reject it: the author will read your comment.');
  const { header, operations } = await readChangeSet(db, setId);
  if (!['draft', 'scheduled', 'rejected'].includes(header.status)) throw notEditable(header.status);
  if (operations.length === 0) throw badOperation('There is nothing to review yet.');
  const grant = reviewerGrant(actor.access, header, areas);
  if (!grant) throw notReviewer();
  const now = new Date().toISOString();
  const review: Review = {
    userId: actor.userId, email: actor.email, ...(actor.name ? { name: actor.name } : {}),
    decision: input.decision, comment, at: now, opsVersion: header.opsVersion,
    grant: { unitId: grant.unitId, unitPath: grant.unitPath, role: grant.role },
  };
  const next: ChangeSetHeader = {
    ...header, version: input.expectedVersion + 1, updatedAt: now,
    ...(input.decision === 'reject' ? { status: 'rejected' as const } : {}),
  };
  if (next.status === 'rejected') delete next.scheduledAt;
  await transaction(db)
    .add(headerPut(db, next, input.expectedVersion), headerChanged)
    .add({ Put: { TableName: db.tableName, Item: { ...keys.changeSetReview(db.tenantId, setId, actor.userId), type: 'changeSetReview', tenantId: db.tenantId, ...review } } })
    .add(auditEntryPut(db, {
      actor: actorIdentity(actor), action: input.decision === 'approve' ? 'changeSet.approve' : 'changeSet.reject',
      target: { type: 'changeSet', id: setId, label: header.name }, after: { comment, opsVersion: header.opsVersion },
    }))
    .send();
  return next;
}

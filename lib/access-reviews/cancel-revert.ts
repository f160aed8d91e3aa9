// Cancelling an open review (nothing it decided is applied; its items leave the reviewers' lists),
// and drafting the revert of a completed one: a change set giving back the roles and memberships
// it removed, for the normal preview and approvals. Revoked keys and deleted directory rules
// cannot come back (a key's secret is gone; a rule is set again in directory settings).
import 'server-only';
import { auditEntryPut } from '../audit';
import { authorize, type Authorize } from '../authz';
import { appendOperations, createChangeSet, deleteChangeSet, readChangeSet, type Operation } from '../change-sets';
import { keys, queryAll, transaction, updateItem, withoutGuards, type TenantDb } from '../db';
import type { Role } from '../authz';
import { notCompleted, reviewChanged, reviewClosed } from './errors';
import { readReview } from './reads';
import { toReviewItem } from './review-items';
import type { ReviewActor } from './index';
import type { ReviewHeader } from './types';

export async function cancelReview(db: TenantDb, by: ReviewActor, reviewId: string, expectedVersion: number): Promise<ReviewHeader> {
  authorize(by.access, 'accessReview.manage', {});
  const header = await readReview(db, reviewId);
  if (header.status !== 'open') throw reviewClosed(header.status);
  if (header.version !== expectedVersion) throw reviewChanged(header.version);
  const now = new Date();
  const next: ReviewHeader = { ...header, status: 'cancelled', completedAt: now.toISOString(), completedBy: { userId: by.actor.userId, email: by.actor.email, ...(by.actor.name ? { name: by.actor.name } : {}) }, version: header.version + 1 };
  await transaction(db)
    .add(
      {
        Update: {
          TableName: db.tableName,
          Key: keys.accessReview(db.tenantId, reviewId),
          UpdateExpression: 'SET #status = :cancelled, completedAt = :at, completedBy = :by, #version = :next REMOVE GSI4PK, GSI4SK',
          ConditionExpression: '#status = :open AND #version = :read',
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: { ':cancelled': 'cancelled', ':open': 'open', ':at': next.completedAt, ':by': next.completedBy, ':next': next.version, ':read': header.version },
        },
      },
      async () => {
        const stored = await readReview(db, reviewId);
        return stored.status === 'open' ? reviewChanged(stored.version) : reviewClosed(stored.status);
      },
    )
    .add(auditEntryPut(db, { actor: by.actor, action: 'accessReview.cancel', target: { type: 'accessReview', id: reviewId, label: header.name }, after: { counts: header.counts } }))
    .send();
  // Off the reviewers' lists: bookkeeping after the decided change (an item decided meanwhile was refused by the header).
  const listed = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    FilterExpression: 'attribute_exists(GSI2PK)',
    ExpressionAttributeValues: { ':pk': keys.accessReviewPartition(db.tenantId, reviewId), ':sk': keys.accessReviewItemPrefix },
    ProjectionExpression: 'PK, SK',
  });
  for (const item of listed) await updateItem(withoutGuards(db), { Key: { PK: String(item.PK), SK: String(item.SK) }, UpdateExpression: 'REMOVE GSI2PK, GSI2SK' });
  return next;
}

export interface RevertDraft {
  changeSetId: string;
  /** What the change set gives back. */
  operations: number;
  /** Removals a change set cannot give back, in the console's words (a revoked key, a deleted rule, custom roles). */
  notRevertible: string[];
}

/**
 * The change set putting back what the review removed (once: asking again answers the same set).
 * Its operations are drafted as the owner asking, so the change set's own rules decide them.
 */
export async function draftRevert(db: TenantDb, by: ReviewActor, reviewId: string, options: { authorize?: Authorize } = {}): Promise<RevertDraft> {
  authorize(by.access, 'accessReview.manage', {});
  const header = await readReview(db, reviewId);
  if (header.status !== 'completed') throw notCompleted();
  const items = (await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.accessReviewPartition(db.tenantId, reviewId), ':sk': keys.accessReviewItemPrefix },
    ConsistentRead: true,
  })).map(toReviewItem).filter((i) => i.outcome?.state === 'removed');
  const ops: Operation[] = [];
  const notRevertible: string[] = [];
  for (const item of items) {
    if (item.kind === 'role' && item.unit && item.access.role) {
      if (header.coverage.roles.includes(item.access.role as never)) ops.push({ kind: 'changeRole', userId: item.subject.id, unitId: item.unit.id, role: item.access.role as Role });
      if (item.access.roles?.length) notRevertible.push(`${item.subject.label}: custom roles ${item.access.roles.join(', ')} on ${item.unit.name} (give them back on the member's page)`);
    } else if (item.kind === 'guest') {
      for (const m of item.outcome?.removedMemberships ?? []) {
        ops.push({ kind: 'addMember', userId: item.subject.id, unitId: m.unitId, role: m.role as Role, ...(m.roles?.length ? { roles: m.roles } : {}), person: { email: item.subject.email ?? '', name: item.subject.label } });
      }
    } else if (item.kind === 'apiKey') {
      notRevertible.push(`API key '${item.subject.label}' was revoked: create a new key`);
    } else if (item.kind === 'directoryRule') {
      notRevertible.push(`Directory rule for ${item.subject.label} was deleted: set it again in directory settings`);
    }
  }
  if (header.revertChangeSetId) return { changeSetId: header.revertChangeSetId, operations: ops.length, notRevertible };
  const created = await createChangeSet(db, by.actor, { name: `Revert: ${header.name}`.slice(0, 120), description: `Gives back what access review '${header.name}' removed.` });
  if (ops.length) await appendOperations(db, { ...by.actor, access: by.access, ...(options.authorize ? { authorize: options.authorize } : {}) }, await readChangeSet(db, created.setId), created.version, ops);
  const recorded = await transaction(withoutGuards(db))
    .add({
      Update: {
        TableName: db.tableName,
        Key: keys.accessReview(db.tenantId, reviewId),
        UpdateExpression: 'SET revertChangeSetId = :set',
        ConditionExpression: 'attribute_not_exists(revertChangeSetId)',
        ExpressionAttributeValues: { ':set': created.setId },
      },
    }, () => 'retry')
    .add(auditEntryPut(db, { actor: by.actor, action: 'accessReview.revert', target: { type: 'accessReview', id: reviewId, label: header.name }, after: { changeSetId: created.setId, operations: ops.length } }))
    .send();
  if (recorded === 'retry') {
    // Another call drafted it meanwhile: theirs is the review's revert, this draft goes again.
    const winner = (await readReview(db, reviewId)).revertChangeSetId!;
    const mine = await readChangeSet(db, created.setId);
    await deleteChangeSet(db, by.actor, created.setId, mine.header.version);
    return { changeSetId: winner, operations: ops.length, notRevertible };
  }
  return { changeSetId: created.setId, operations: ops.length, notRevertible };
}

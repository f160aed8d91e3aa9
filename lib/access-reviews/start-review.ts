// Starting a review: settings checked, the covered access collected (coverage.ts), each item given
// its reviewer (reviewers.ts), then written: the items first (a batch: no decision is bound to
// them, and until the header exists nothing lists them), then the header with its audit entry in
// one transaction carrying the owner's decision. A header refused (the decision went stale) takes
// its items away again. Reviewers are told last, best effort.
import 'server-only';
import { ulid } from 'ulid';
import { auditEntryPut } from '../audit';
import { actorIdentity, deleteAll, INDEX, keys, putAll, queryCount, transaction, withoutGuards, type PlatformDb, type TenantDb } from '../db';
import { readRoleCatalogue } from '../roles';
import { tenancy } from '../tenancy';
import { getTenantSettings } from '../tenants';
import { collectCandidates } from './coverage';
import { tooManyOpen } from './errors';
import { REVIEW_LIMITS } from './limits';
import { notifyReviewStarted } from './notify';
import { chooseReviewer } from './reviewers';
import { headerItem, reviewItemItem } from './review-items';
import { checkCatalogue, validateSettings } from './settings';
import type { ReviewActor } from './index';
import type { ReviewHeader, ReviewItem, ReviewPerson, ReviewSettings } from './types';

const DAY_MS = 86_400_000;

export interface StartOptions {
  scheduleId?: string;
  now?: Date;
  /** Where API keys' last uses are read (their platform token items); the server's own by default. */
  platform?: PlatformDb;
}

export async function startReview(db: TenantDb, by: ReviewActor, rawSettings: ReviewSettings, options: StartOptions = {}): Promise<ReviewHeader> {
  const settings = validateSettings(rawSettings);
  const [catalogue, tenant, open] = await Promise.all([readRoleCatalogue(db, { fresh: true }), getTenantSettings(db), countOpen(db)]);
  checkCatalogue(settings.coverage, catalogue);
  if (open >= REVIEW_LIMITS.maxOpen) throw tooManyOpen();
  const platform = options.platform ?? tenancy().platformDb();
  const { candidates, units } = await collectCandidates(db, platform, settings.coverage, { catalogue, settings: tenant });

  const now = options.now ?? new Date();
  const reviewId = ulid(now.getTime());
  const startedBy: ReviewPerson = actorIdentity(by.actor);
  const items: ReviewItem[] = candidates.map(({ judgedFrom, subjectUserId, ...c }) => ({
    ...c,
    reviewId,
    itemId: ulid(),
    reviewer: chooseReviewer({ rootUnitId: tenant.rootUnitId, units, startedBy }, judgedFrom, subjectUserId),
    version: 1,
  }));
  const dueAt = new Date(now.getTime() + settings.durationDays * DAY_MS).toISOString();
  const header: ReviewHeader = {
    ...settings,
    reviewId,
    status: 'open',
    startedAt: now.toISOString(),
    startedBy,
    dueAt,
    ...(settings.reminderDaysBefore > 0 ? { remindAt: new Date(Date.parse(dueAt) - settings.reminderDaysBefore * DAY_MS).toISOString() } : {}),
    ...(options.scheduleId ? { scheduleId: options.scheduleId } : {}),
    counts: { items: items.length, decided: 0, keep: 0, remove: 0, removed: 0, notRemoved: 0 },
    version: 1,
  };

  const itemRows = items.map((i) => reviewItemItem(db.tenantId, i));
  await putAll(withoutGuards(db), itemRows);
  try {
    await transaction(db)
      .add({ Put: { TableName: db.tableName, Item: headerItem(db.tenantId, header), ConditionExpression: 'attribute_not_exists(PK)' } })
      .add(
        auditEntryPut(db, {
          actor: by.actor,
          action: 'accessReview.start',
          target: { type: 'accessReview', id: reviewId, label: header.name },
          after: { coverage: header.coverage, items: items.length, dueAt, defaultDecision: header.defaultDecision, ...(header.scheduleId ? { scheduleId: header.scheduleId } : {}) },
        }),
      )
      .send();
  } catch (e) {
    await deleteAll(withoutGuards(db), itemRows.map((r) => keys.accessReviewItem(db.tenantId, reviewId, String(r.itemId))));
    throw e;
  }
  await notifyReviewStarted(db, header, { items, organization: tenant.name });
  return header;
}

/** Open reviews of the tenant: the listing's index, counted (≤ maxOpen match, the rest are read past). */
async function countOpen(db: TenantDb): Promise<number> {
  return queryCount(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: '#status = :open',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': keys.gsi1.accessReviews(db.tenantId), ':open': 'open' },
  });
}

// The reviews' clock, called by the scheduler's wake-up (POST /api/internal/run-due): schedules
// whose next start has come start a review as their creator; open reviews whose reminder time has
// come remind the reviewers with something left; open reviews past their deadline complete with
// their default; a completion whose run stopped is resumed once its lease passes. Nothing is done
// for an organization deleted or being deleted. Each queue is read with the platform's credentials (GSI4 projects keys and the
// tenant id only), then each thing is done with its tenant's. A few of each per wake-up: what is
// left waits for the next one, a minute later.
import 'server-only';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { can } from '../authz';
import { getItem, INDEX, keys, sortKeys, transaction, withoutGuards, type PlatformDb, type TenantDb } from '../db';
import { isArborError } from '../errors';
import { loadActorAccess } from '../members';
import { log } from '../observability';
import { toScheduledDeletion } from '../offboarding';
import { notifySchedulePaused } from './notify-schedule';
import { notifyReviewReminder } from './notify';
import { anchorOf, claimPut, nextStartAfter, readSchedule, type StoredSchedule } from './schedules';
import { completeReview } from './complete';
import { readReview } from './reads';
import { startReview } from './start-review';
import type { ReviewHeader } from './types';

/** Things of each queue taken per wake-up. */
export const DUE_BATCH = 10;

export interface DueReviewsOutcome {
  started: number;
  reminded: number;
  completed: number;
}

async function dueQueue(platform: PlatformDb, pk: string, now: Date): Promise<{ tenantId: string; id: string }[]> {
  const out = await platform.client.send(new QueryCommand({
    TableName: platform.tableName,
    IndexName: INDEX.gsi4,
    KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK <= :now',
    ExpressionAttributeValues: { ':pk': pk, ':now': sortKeys.dueBy(now.toISOString()) },
    Limit: DUE_BATCH,
  }));
  // `<at>#<tenantId>#<id>`: the id is last, the tenant is projected.
  return (out.Items ?? []).map((i) => ({ tenantId: String(i.tenantId), id: String(i.GSI4SK).split('#').pop()! }));
}

/** Starts scheduled reviews, sends reminders, completes reviews at their deadline. */
export async function runDueReviews(platform: PlatformDb, tenantDb: (tenantId: string) => Promise<TenantDb>, now = new Date()): Promise<DueReviewsOutcome> {
  const outcome: DueReviewsOutcome = { started: 0, reminded: 0, completed: 0 };
  for (const { tenantId, id } of await dueQueue(platform, keys.gsi4.reviewSchedulesDue(), now)) {
    await guarded({ tenantId, scheduleId: id }, async () => {
      const db = withoutGuards(await tenantDb(tenantId));
      if (await leaving(db, now)) return;
      if (await startScheduled(db, platform, id, now)) outcome.started++;
    });
  }
  for (const { tenantId, id } of await dueQueue(platform, keys.gsi4.reviewsDue(), now)) {
    await guarded({ tenantId, reviewId: id }, async () => {
      const db = withoutGuards(await tenantDb(tenantId));
      if (await leaving(db, now)) return;
      const review = await readReview(db, id);
      // A completion whose run stopped (its lease passed, or the queue would not list it): resumed.
      if (review.status === 'completing') {
        if ((await completeReview(db, 'deadline', id, undefined, { platform, now })).status === 'completed') outcome.completed++;
        return;
      }
      if (review.status !== 'open') return;
      if (Date.parse(review.dueAt) <= now.getTime()) {
        await completeReview(db, 'deadline', id, undefined, { platform, now });
        outcome.completed++;
      } else if (review.remindAt && !review.remindedAt && Date.parse(review.remindAt) <= now.getTime()) {
        if (await remind(db, review, now)) outcome.reminded++;
      }
    });
  }
  return outcome;
}

/**
 * An organization deleted, or whose deletion is due or under way: the clock leaves it alone (its
 * deletion takes its reviews and schedules with it; nothing new is started or removed meanwhile).
 */
async function leaving(db: TenantDb, now: Date): Promise<boolean> {
  const settings = await getItem(db, keys.tenantSettings(db.tenantId));
  const deletion = toScheduledDeletion(settings);
  return !settings || Boolean(deletion && (deletion.startedAt || Date.parse(deletion.dueAt) <= now.getTime()));
}

/** One thing's failure is logged and waits for the next wake-up; the others go on. */
async function guarded(facts: Record<string, string>, work: () => Promise<void>) {
  try {
    await work();
  } catch (e) {
    if (isArborError(e)) log.warn({ ...facts, code: e.code }, 'access review clock: not done; the next wake-up looks again');
    else log.error({ err: e, ...facts }, 'access review clock failed; the next wake-up retries');
  }
}

/**
 * Claims the schedule's start (next start moved on, conditioned on the version read: of two
 * servers, one wins and the other's write fails), then starts the review as the schedule's creator.
 * A creator who is no longer an owner pauses the schedule, saying why, and the owners are told;
 * so does a start refused (a typed error: too many open reviews, a role it covers deleted…), since
 * every later start would be refused the same way.
 */
async function startScheduled(db: TenantDb, platform: PlatformDb, scheduleId: string, now: Date): Promise<boolean> {
  const schedule = await readSchedule(db, scheduleId);
  if (!schedule.enabled || Date.parse(schedule.nextStartAt) > now.getTime()) return false;
  const access = await loadActorAccess(db, schedule.createdBy.userId).catch((e) => {
    if (isArborError(e)) return undefined;
    throw e;
  });
  if (!access || !can(access, 'accessReview.manage', {})) {
    await pause(db, schedule, `${schedule.createdBy.name || schedule.createdBy.email}, who made it, is no longer an owner: an owner switches it on again to run it as them.`);
    return false;
  }
  const { put } = claimPut(db, schedule, { nextStartAt: nextStartAfter(anchorOf(schedule), schedule.everyMonths, now) });
  if ((await transaction(db).add(put, () => 'retry').send()) === 'retry') return false;
  const { name, coverage, durationDays, reminderDaysBefore, defaultDecision } = schedule;
  let review: ReviewHeader;
  try {
    review = await startReview(db, { actor: schedule.createdBy, access }, { name, coverage, durationDays, reminderDaysBefore, defaultDecision }, { scheduleId, now, platform });
  } catch (e) {
    if (!isArborError(e)) throw e;
    const current = await readSchedule(db, scheduleId);
    await pause(db, current, `The review it was to start on ${schedule.nextStartAt.slice(0, 10)} was refused: ${e.message} An owner fixes the cause, then switches it on again.`);
    log.warn({ tenantId: db.tenantId, scheduleId, code: e.code }, 'access review clock: a scheduled review was refused; its schedule is paused');
    return false;
  }
  await recordStarted(db, scheduleId, review);
  return true;
}

/** Switches the schedule off with why (conditioned on the version read), and tells the owners. */
async function pause(db: TenantDb, schedule: StoredSchedule, reason: string) {
  const { next, put } = claimPut(db, schedule, { enabled: false, pausedReason: reason });
  if ((await transaction(db).add(put, () => 'retry').send()) === 'retry') return;
  await notifySchedulePaused(db, next);
}

/** Notes the review it started on the schedule (the console links to it); skipped if changed meanwhile. */
async function recordStarted(db: TenantDb, scheduleId: string, review: ReviewHeader) {
  const current = await readSchedule(db, scheduleId).catch(() => undefined);
  if (!current) return;
  await transaction(db).add(claimPut(db, current, { lastReviewId: review.reviewId }).put, () => 'retry').send();
}

/**
 * Marks the reminder sent and moves the review to its deadline in the queue, conditioned on the
 * version read (two servers never both mail), then mails the reviewers with something left.
 */
async function remind(db: TenantDb, review: ReviewHeader, now: Date): Promise<boolean> {
  const written = await transaction(db)
    .add({
      Update: {
        TableName: db.tableName,
        Key: keys.accessReview(db.tenantId, review.reviewId),
        UpdateExpression: 'SET remindedAt = :at, GSI4SK = :due, version = version + :one',
        ConditionExpression: 'version = :v AND #status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':at': now.toISOString(), ':due': sortKeys.reviewDue(review.dueAt, db.tenantId, review.reviewId), ':one': 1, ':v': review.version, ':open': 'open',
        },
      },
    }, () => 'retry')
    .send();
  if (written === 'retry') return false;
  await notifyReviewReminder(db, { ...review, remindedAt: now.toISOString(), version: review.version + 1 });
  return true;
}

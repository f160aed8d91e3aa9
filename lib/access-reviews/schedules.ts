// Review schedules: a review started again every 1, 3, 6 or 12 months with the same settings. All of
// a tenant's share the reviews' partition (`T#<t>#REVIEWS` / `SCHEDULE#<id>`), so the console reads
// them with one Query; an enabled one also waits in GSI4 `REVIEWSCHEDULESDUE` under its next start,
// where the clock (./run-due.ts) finds it across tenants.
import 'server-only';
import { ulid } from 'ulid';
import { z } from 'zod';
import { auditEntryPut } from '../audit';
import { actorIdentity, itemParser, keys, queryAll, sortKeys, storedActor, transaction, type TenantDb } from '../db';
import { badReviewSchedule, scheduleChanged, scheduleNotFound, tooManyReviewSchedules } from './errors';
import { REVIEW_LIMITS } from './limits';
import { readRoleCatalogue } from '../roles';
import { checkCatalogue, validateSettings } from './settings';
import { checkSettings, settingsSchema } from './settings-schema';
import type { ReviewActor } from './index';
import type { ReviewSchedule, ReviewSettings } from './types';

export const SCHEDULE_INTERVALS = [1, 3, 6, 12] as const;
const YEAR_MS = 366 * 24 * 3_600_000;

const parseSchedule = itemParser('accessReviewSchedule', settingsSchema.extend({
  scheduleId: z.string(),
  everyMonths: z.union(SCHEDULE_INTERVALS.map((n) => z.literal(n))),
  nextStartAt: z.string(),
  anchorAt: z.string().optional(),
  enabled: z.boolean(),
  pausedReason: z.string().optional(),
  lastReviewId: z.string().optional(),
  createdBy: storedActor,
  createdAt: z.string(),
  version: z.number(),
}));

/** `at` moved on by whole months, the day kept where the month has it (31 Jan + 1 → 28/29 Feb). */
export function addMonths(at: Date, months: number): Date {
  const next = new Date(at);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/**
 * The first start after `now`, counted from the anchor (anchor + k·everyMonths, never from the
 * previous start, so 31 Jan → 28 Feb → 31 Mar): starts missed while the servers slept are not made
 * up one by one.
 */
export function nextStartAfter(anchor: string, everyMonths: number, now: Date): string {
  const from = new Date(anchor);
  let k = 0;
  let at = from;
  while (at.getTime() <= now.getTime()) at = addMonths(from, ++k * everyMonths);
  return at.toISOString();
}

/** Where a schedule's rhythm counts from: its anchor, or (stored before anchors) its next start. */
export const anchorOf = (s: Pick<StoredSchedule, 'anchorAt' | 'nextStartAt'>) => s.anchorAt ?? s.nextStartAt;

function scheduleItem(db: TenantDb, s: StoredSchedule) {
  return {
    ...keys.accessReviewSchedule(db.tenantId, s.scheduleId),
    type: 'accessReviewSchedule',
    tenantId: db.tenantId,
    ...s,
    // Only an enabled schedule waits in the clock's queue (a sparse index).
    ...(s.enabled ? { GSI4PK: keys.gsi4.reviewSchedulesDue(), GSI4SK: sortKeys.due(s.nextStartAt, db.tenantId, s.scheduleId) } : {}),
  };
}

const publicView = (stored: ReturnType<typeof parseSchedule>): ReviewSchedule => {
  const { scheduleId, everyMonths, nextStartAt, enabled, createdBy, createdAt, version, name, coverage, durationDays, reminderDaysBefore, defaultDecision } = stored;
  return {
    scheduleId, everyMonths, nextStartAt, enabled, createdBy, createdAt, version, name, coverage, durationDays, reminderDaysBefore, defaultDecision,
    ...(stored.pausedReason ? { pausedReason: stored.pausedReason } : {}),
    ...(stored.lastReviewId ? { lastReviewId: stored.lastReviewId } : {}),
  };
};

/** A schedule as stored: what the console shows, and the start its rhythm counts from. */
export type StoredSchedule = ReviewSchedule & { anchorAt?: string };

async function storedSchedules(db: TenantDb): Promise<StoredSchedule[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.accessReviewSchedulePartition(db.tenantId), ':sk': keys.accessReviewSchedulePrefix },
    ConsistentRead: true,
  });
  return items.map((i) => {
    const stored = parseSchedule(i);
    return { ...publicView(stored), ...(stored.anchorAt ? { anchorAt: stored.anchorAt } : {}) };
  });
}

const shown = ({ anchorAt: _anchor, ...s }: StoredSchedule): ReviewSchedule => s;

/** The tenant's schedules, soonest first: one Query. */
export async function listSchedules(db: TenantDb): Promise<ReviewSchedule[]> {
  return (await storedSchedules(db)).map(shown).sort((a, b) => Number(b.enabled) - Number(a.enabled) || a.nextStartAt.localeCompare(b.nextStartAt));
}

export async function readSchedule(db: TenantDb, scheduleId: string): Promise<StoredSchedule> {
  const found = (await storedSchedules(db)).find((s) => s.scheduleId === scheduleId);
  if (!found) throw scheduleNotFound();
  return found;
}

function checkStart(raw: string, now: Date): string {
  const at = Date.parse(raw);
  if (!Number.isFinite(at)) throw badReviewSchedule('the next start is not a date and time.');
  if (at <= now.getTime()) throw badReviewSchedule('the next start must be in the future.');
  if (at > now.getTime() + YEAR_MS) throw badReviewSchedule('the next start must be within a year.');
  return new Date(at).toISOString();
}

function checkInterval(raw: number): ReviewSchedule['everyMonths'] {
  if (!(SCHEDULE_INTERVALS as readonly number[]).includes(raw)) throw badReviewSchedule('a review repeats every 1, 3, 6 or 12 months.');
  return raw as ReviewSchedule['everyMonths'];
}

export type ScheduleInput = ReviewSettings & { everyMonths: ReviewSchedule['everyMonths']; firstStartAt: string };

export async function createSchedule(db: TenantDb, by: ReviewActor, input: ScheduleInput, now = new Date()): Promise<ReviewSchedule> {
  const settings = checkSettings(input, validateSettings);
  const everyMonths = checkInterval(input.everyMonths);
  const nextStartAt = checkStart(input.firstStartAt, now);
  checkCatalogue(settings.coverage, await readRoleCatalogue(db));
  if ((await listSchedules(db)).length >= REVIEW_LIMITS.maxSchedules) throw tooManyReviewSchedules(REVIEW_LIMITS.maxSchedules);
  const schedule: StoredSchedule = {
    ...settings, scheduleId: ulid(), everyMonths, nextStartAt, anchorAt: nextStartAt, enabled: true,
    createdBy: actorIdentity(by.actor), createdAt: now.toISOString(), version: 1,
  };
  await transaction(db)
    .add({ Put: { TableName: db.tableName, Item: scheduleItem(db, schedule), ConditionExpression: 'attribute_not_exists(PK)' } })
    .add(auditEntryPut(db, {
      actor: by.actor, action: 'accessReview.schedule.create', target: { type: 'accessReviewSchedule', id: schedule.scheduleId, label: schedule.name },
      after: { everyMonths, nextStartAt, coverage: schedule.coverage, durationDays: schedule.durationDays, defaultDecision: schedule.defaultDecision },
    }))
    .send();
  return shown(schedule);
}

export type ScheduleChange = Partial<ReviewSettings> & { everyMonths?: ReviewSchedule['everyMonths']; nextStartAt?: string; enabled?: boolean };

/**
 * Changes a schedule, conditioned on the version the owner saw. Switching it on again keeps its
 * rhythm (a next start already past moves on to the first one ahead) and makes the owner who did
 * it the one its reviews start as.
 */
export async function updateSchedule(db: TenantDb, by: ReviewActor, scheduleId: string, expectedVersion: number, change: ScheduleChange, now = new Date()): Promise<ReviewSchedule> {
  const current = await readSchedule(db, scheduleId);
  if (current.version !== expectedVersion) throw scheduleChanged();
  const { everyMonths, nextStartAt, enabled, ...settingsChange } = change;
  const next: StoredSchedule = {
    ...current,
    ...checkSettings({ ...pickSettings(current), ...settingsChange }, validateSettings),
    ...(everyMonths !== undefined ? { everyMonths: checkInterval(everyMonths) } : {}),
    ...(nextStartAt !== undefined ? { nextStartAt: checkStart(nextStartAt, now) } : {}),
    ...(enabled !== undefined ? { enabled } : {}),
    version: current.version + 1,
  };
  // A new start or a new interval: the rhythm counts from the (new) next start.
  if (next.nextStartAt !== current.nextStartAt || next.everyMonths !== current.everyMonths) next.anchorAt = next.nextStartAt;
  if (settingsChange.coverage) checkCatalogue(next.coverage, await readRoleCatalogue(db));
  if (next.enabled && !current.enabled) {
    // Whoever switches it on again is who it starts reviews as from now on.
    next.createdBy = actorIdentity(by.actor);
  }
  if (next.enabled) {
    delete next.pausedReason;
    if (Date.parse(next.nextStartAt) <= now.getTime()) next.nextStartAt = nextStartAfter(anchorOf(next), next.everyMonths, now);
  }
  await transaction(db)
    .add({ Put: { TableName: db.tableName, Item: scheduleItem(db, next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } } }, () => scheduleChanged())
    .add(auditEntryPut(db, {
      actor: by.actor, action: 'accessReview.schedule.update', target: { type: 'accessReviewSchedule', id: scheduleId, label: next.name },
      before: { enabled: current.enabled, everyMonths: current.everyMonths, nextStartAt: current.nextStartAt },
      after: { enabled: next.enabled, everyMonths: next.everyMonths, nextStartAt: next.nextStartAt },
    }))
    .send();
  return shown(next);
}

export async function deleteSchedule(db: TenantDb, by: ReviewActor, scheduleId: string, expectedVersion: number): Promise<void> {
  const current = await readSchedule(db, scheduleId);
  if (current.version !== expectedVersion) throw scheduleChanged();
  await transaction(db)
    .add({
      Delete: { TableName: db.tableName, Key: keys.accessReviewSchedule(db.tenantId, scheduleId), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } },
    }, () => scheduleChanged())
    .add(auditEntryPut(db, { actor: by.actor, action: 'accessReview.schedule.delete', target: { type: 'accessReviewSchedule', id: scheduleId, label: current.name } }))
    .send();
}

const pickSettings = (s: ReviewSettings): ReviewSettings => ({
  name: s.name, coverage: s.coverage, durationDays: s.durationDays, reminderDaysBefore: s.reminderDaysBefore, defaultDecision: s.defaultDecision,
});

/** The clock's claim: the next start moved on and the review it started noted, conditioned on the version it read. */
export function claimPut(db: TenantDb, current: StoredSchedule, change: Partial<StoredSchedule>) {
  const next: StoredSchedule = { ...current, ...change, version: current.version + 1 };
  return {
    next,
    put: { Put: { TableName: db.tableName, Item: scheduleItem(db, next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } } },
  };
}

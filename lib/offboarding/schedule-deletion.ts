// An owner schedules the organization's deletion from Settings, and may cancel it during the grace
// period (ARBOR_TENANT_DELETION_GRACE_DAYS, default 7). The mark is the tenant's own settings item
// (`T#<t>` / `TENANT`): `deletion` (when it is due, who asked) and a GSI4 entry
// `TENANTDELETIONSDUE` / `<due ISO time>#<t>` that the wake-up's due pass reads with the runtime's
// credentials (GSI4 projects keys and the tenant id only). Scheduling and cancelling are one
// transaction each with their audit entry, conditioned on what the decision read (the name typed,
// no deletion yet; the same due time, not started), and every owner gets mail (best effort: a
// mail or read failing after the commit is logged, never answered).
import 'server-only';
import { z } from 'zod';
import { auditEntryPut } from '../audit';
import { config } from '../config';
import { actorIdentity, getItem, keys, sortKeys, storedActor, transaction, updateItem, written, type AuditActor, type TenantDb } from '../db';
import { sendMail, tenantDeletionCancelledMail, tenantDeletionScheduledMail } from '../mail';
import { log } from '../observability';
import { getUnit } from '../org/get-unit';
import { tenantNotFound } from '../tenancy/errors';
import { alreadyScheduled, alreadyStarted, nameMismatch, notScheduled } from './errors';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ScheduledDeletion {
  /** When the deletion starts (ISO time). */
  dueAt: string;
  scheduledAt: string;
  scheduledBy: AuditActor;
  /** Set once the deletion job took it over: from then on it can no longer be cancelled. */
  startedAt?: string;
}

const storedDeletion = z.object({ dueAt: z.string(), scheduledAt: z.string(), scheduledBy: storedActor, startedAt: z.string().optional() });

/** The deletion mark of a settings item (raw), if any. */
export function toScheduledDeletion(settings: Record<string, unknown> | undefined): ScheduledDeletion | undefined {
  const parsed = storedDeletion.safeParse(settings?.deletion);
  return parsed.success ? parsed.data : undefined;
}

/** T1 read for the mark alone (the console's banner asks it batched with the header's reads). */
export async function readScheduledDeletion(db: TenantDb): Promise<ScheduledDeletion | undefined> {
  return toScheduledDeletion(await getItem(db, keys.tenantSettings(db.tenantId)));
}

export interface ScheduleDeletionInput {
  /** The organization's name as the owner typed it. */
  confirmName: string;
  now?: number;
  graceDays?: number;
}

export async function scheduleTenantDeletion(db: TenantDb, actor: AuditActor, input: ScheduleDeletionInput): Promise<ScheduledDeletion> {
  const now = input.now ?? Date.now();
  const settings = await getItem(db, keys.tenantSettings(db.tenantId));
  if (!settings) throw tenantNotFound();
  if (toScheduledDeletion(settings)) throw alreadyScheduled();
  const name = String(settings.name);
  if (typeof input.confirmName !== 'string' || input.confirmName.trim() !== name) throw nameMismatch();
  const graceDays = input.graceDays ?? config().ARBOR_TENANT_DELETION_GRACE_DAYS;
  const deletion: ScheduledDeletion = {
    dueAt: new Date(now + graceDays * DAY_MS).toISOString(),
    scheduledAt: new Date(now).toISOString(),
    scheduledBy: actorIdentity(actor),
  };
  await transaction(db)
    .add({
      Update: {
        TableName: db.tableName,
        Key: keys.tenantSettings(db.tenantId),
        // Not a user edit of the settings (no version bump), like the counters; conditioned on
        // the name the owner confirmed and on no deletion being marked.
        UpdateExpression: 'SET deletion = :deletion, GSI4PK = :due, GSI4SK = :dueAt',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion) AND #name = :name',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':deletion': deletion, ':due': keys.gsi4.tenantDeletionsDue(), ':dueAt': sortKeys.due(deletion.dueAt, db.tenantId), ':name': name,
        },
      },
    }, (stored) => (!stored ? tenantNotFound() : stored.deletion ? alreadyScheduled() : nameMismatch()))
    .add(auditEntryPut(db, {
      actor, action: 'tenant.deletionSchedule', target: { type: 'tenant', id: db.tenantId, label: name },
      unitId: String(settings.rootUnitId), after: { dueAt: deletion.dueAt },
    }, new Date(now)))
    .send();
  await mailOwners(db, String(settings.rootUnitId), (owner) => tenantDeletionScheduledMail({ ownerName: owner.name, organization: name, dueAt: deletion.dueAt, by: actor.name ?? actor.email }));
  return deletion;
}

export async function cancelTenantDeletion(db: TenantDb, actor: AuditActor, input: { now?: number } = {}): Promise<void> {
  const now = input.now ?? Date.now();
  const settings = await getItem(db, keys.tenantSettings(db.tenantId));
  if (!settings) throw tenantNotFound();
  const deletion = toScheduledDeletion(settings);
  if (!deletion) throw notScheduled();
  if (deletion.startedAt) throw alreadyStarted();
  const name = String(settings.name);
  await transaction(db)
    .add({
      Update: {
        TableName: db.tableName,
        Key: keys.tenantSettings(db.tenantId),
        UpdateExpression: 'REMOVE deletion, GSI4PK, GSI4SK',
        // The same mark the owner saw, and not yet taken over by the deletion job.
        ConditionExpression: 'deletion.dueAt = :dueAt AND attribute_not_exists(deletion.startedAt)',
        ExpressionAttributeValues: { ':dueAt': deletion.dueAt },
      },
    }, (stored) => (!stored ? tenantNotFound() : !toScheduledDeletion(stored) ? notScheduled() : alreadyStarted()))
    .add(auditEntryPut(db, {
      actor, action: 'tenant.deletionCancel', target: { type: 'tenant', id: db.tenantId, label: name },
      unitId: String(settings.rootUnitId), before: { dueAt: deletion.dueAt },
    }, new Date(now)))
    .send();
  await mailOwners(db, String(settings.rootUnitId), (owner) => tenantDeletionCancelledMail({ ownerName: owner.name, organization: name, by: actor.name ?? actor.email }));
}

/**
 * The deletion job takes the mark over (`deletion.startedAt`) when it is due, so a cancel from
 * then on is refused. False when there is no mark or it is not due (cancelled, or early).
 */
export async function claimScheduledDeletion(db: TenantDb, now: number): Promise<boolean> {
  return written(updateItem(db, {
    Key: keys.tenantSettings(db.tenantId),
    UpdateExpression: 'SET deletion.startedAt = if_not_exists(deletion.startedAt, :now)',
    ConditionExpression: 'attribute_exists(deletion) AND deletion.dueAt <= :now',
    ExpressionAttributeValues: { ':now': new Date(now).toISOString() },
  }));
}

/**
 * The owners (denormalized on the top unit) get the mail. Best effort, after the commit: the
 * schedule or cancel has happened, so nothing here — reading the top unit included — may turn it
 * into an error answer; a failure is logged (ids only) instead.
 */
async function mailOwners(db: TenantDb, rootUnitId: string, mail: (owner: { name: string; email: string }) => { subject: string; text: string; html: string }) {
  try {
    const root = await getUnit(db, rootUnitId);
    const owners = Object.values(root?.administrators ?? {}).filter((a) => a.role === 'owner');
    const sent = await Promise.allSettled(owners.map((o) => sendMail({ to: o.email, ...mail(o) })));
    const failed = sent.filter((r) => r.status === 'rejected').length;
    if (failed > 0) log.warn({ tenantId: db.tenantId, failed, owners: owners.length }, 'deletion mail not sent to every owner');
  } catch (e) {
    log.warn({ err: e, tenantId: db.tenantId }, 'deletion mail to the owners not sent');
  }
}

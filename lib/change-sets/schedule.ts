// Applying at a chosen time: a scheduled set waits in GSI4 `REORGSDUE` under its time; whatever
// wakes the servers (EventBridge in production, the local stack's scheduler in development) asks
// any instance to run what is due (`runDueChangeSets`), and the set's header decides which one
// starts it. A set whose runner died sits in the same queue under its lease's end.
import 'server-only';
import { log } from '../observability';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { actorIdentity, INDEX, keys, sortKeys, transaction, withoutGuards, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { isArborError } from '../errors';
import type { ChangeSetHeader } from './change-set-item';
import { badSchedule, notEditable, notReady } from './errors';
import { readinessProblems, resumeRun, startRun, type RunOptions } from './apply/run';
import { headerChanged, headerPut, readChangeSet, setAudit } from './store';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export async function scheduleChangeSet(db: TenantDb, actor: AuditActor, setId: string, expectedVersion: number, at: string): Promise<ChangeSetHeader> {
  const when = Date.parse(at);
  if (!Number.isFinite(when) || when <= Date.now() || when > Date.now() + YEAR_MS) throw badSchedule();
  const set = await readChangeSet(db, setId);
  if (!['draft', 'failed', 'scheduled'].includes(set.header.status)) throw notEditable(set.header.status);
  const reasons = await readinessProblems(db, set);
  if (reasons.length) throw notReady(reasons);
  const next: ChangeSetHeader = {
    ...set.header, status: 'scheduled', scheduledAt: new Date(when).toISOString(), scheduledBy: actorIdentity(actor),
    version: expectedVersion + 1, updatedAt: new Date().toISOString(),
  };
  delete next.lastError;
  await transaction(db).add(headerPut(db, next, expectedVersion), headerChanged).add(setAudit(db, actor, 'changeSet.schedule', next, { at: next.scheduledAt })).send();
  return next;
}

export async function unscheduleChangeSet(db: TenantDb, actor: AuditActor, setId: string, expectedVersion: number): Promise<ChangeSetHeader> {
  const { header } = await readChangeSet(db, setId);
  if (header.status !== 'scheduled') throw notEditable(header.status);
  const next: ChangeSetHeader = { ...header, status: 'draft', version: expectedVersion + 1, updatedAt: new Date().toISOString() };
  delete next.scheduledAt;
  delete next.scheduledBy;
  await transaction(db).add(headerPut(db, next, expectedVersion), headerChanged).add(setAudit(db, actor, 'changeSet.unschedule', next)).send();
  return next;
}

export interface DueDeps {
  platform: PlatformDb;
  tenantDb: (tenantId: string) => Promise<TenantDb>;
  now?: number;
  leaseMs?: number;
  /** Runs each taken run on after this call returns (a request's `after`); without it, awaited. */
  background?: RunOptions['background'];
}

/** Starts every scheduled set now due, and resumes every run whose lease ran out. Returns how many it took. */
export async function runDueChangeSets(deps: DueDeps): Promise<number> {
  const now = deps.now ?? Date.now();
  const out = await deps.platform.client.send(new QueryCommand({
    TableName: deps.platform.tableName,
    IndexName: INDEX.gsi4,
    KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK <= :now',
    ExpressionAttributeValues: { ':pk': keys.gsi4.changeSetsDue(), ':now': sortKeys.dueBy(new Date(now).toISOString()) },
    Limit: 10,
  }));
  let taken = 0;
  for (const item of out.Items ?? []) {
    const tenantId = String(item.tenantId);
    const setId = String(item.PK).split('#').pop()!;
    try {
      const db = withoutGuards(await deps.tenantDb(tenantId));
      if (await runOne(db, setId, now, { leaseMs: deps.leaseMs, background: deps.background })) taken++;
    } catch (e) {
      if (!isArborError(e)) log.error({ err: e, tenantId, setId }, 'change set due run failed; the next wake-up retries');
    }
  }
  return taken;
}

async function runOne(db: TenantDb, setId: string, now: number, options: RunOptions): Promise<boolean> {
  const set = await readChangeSet(db, setId);
  const { header } = set;
  if (header.status === 'applying') {
    if ((header.run?.leaseUntil ?? Infinity) > now) return false;
    await resumeRun(db, setId, options);
    return true;
  }
  if (header.status !== 'scheduled' || !header.scheduledAt || Date.parse(header.scheduledAt) > now) return false;
  try {
    await startRun(db, set, header.scheduledBy ?? header.author, options);
  } catch (e) {
    if (!isArborError(e) || e.code !== 'changeSet.notReady') throw e;
    // Not ready at its time (a conflict, a review withdrawn): back to a draft, saying why.
    const next: ChangeSetHeader = { ...header, status: 'draft', lastError: { code: e.code, message: e.message }, version: header.version + 1, updatedAt: new Date().toISOString() };
    delete next.scheduledAt;
    delete next.scheduledBy;
    await transaction(db).add(headerPut(db, next, header.version), headerChanged).send();
  }
  return true;
}

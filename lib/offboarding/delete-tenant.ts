// Deletes every item of a tenant as a resumable job (docs/offboarding.md). Phases, in order:
//   access   – the ways in: its tokens (API keys, directory tokens, setup links) and its domain
//              claims (sign-in discovery), then its rate-limit counters;
//   people   – the `USER#` / `EMAIL#` records of people who belong to no other organization
//              (GSI4 `USER#<user>` is asked while their profile here still exists);
//   tenant   – every `T#<t>…` item, 25 per BatchWriteItem; items that lead the catalog to others
//              (the settings, the audit trail, the fixed partitions, each partition's head) go last,
//              so a stopped run still finds what is left;
//   platform – the `TENANT#<t>` partition (registry entry, SSO, domains, webhook marker);
//   verify   – everything looked for again (and, for the operator, the table scanned); what turns
//              up is deleted and looked for again; only when nothing is left does the journal go
//              (the count left is 0); with leftovers it stays, to be resumed.
// Every phase works from what is stored now, and deleting an item that is already gone is no
// error, so a run stopped anywhere (a killed process, a lost lease) is simply run again: the
// journal (deletion-journal.ts) says which phase to start from; its lease is renewed on a timer
// for the whole run (deletion-lease.ts).
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { deleteAll, deleteItem, isTenantPartition, keys, tenantPrefix, type Key } from '../db';
import { log } from '../observability';
import {
  acquireDeletionJournal, DEFAULT_DELETION_LEASE_MS, DELETION_PHASES, readDeletionJournal, recordDeletionProgress, releaseDeletionLease,
  removeDeletionJournal, type DeletionJournal, type DeletionPhase,
} from './deletion-journal';
import { keepDeletionLease, type DeletionLease } from './deletion-lease';
import { deletionLeftovers } from './errors';
import { itemId, keyOf, type OffboardingScope, type StoredItem } from './offboarding-scope';
import type { ScanResult } from './scan-tenant-items';
import { catalogTenant, tenantsOfUser, type TenantCatalog } from './tenant-catalog';

export interface DeleteTenantOptions {
  /** `operator` (CLI) or `schedule` (an owner's scheduled deletion, run by the due pass). */
  startedBy: string;
  /** The lease's owner (default: a new id per run). */
  owner?: string;
  now?: () => number;
  leaseMs?: number;
  /** Stops after this many batches of this run, leaving the lease held, as a killed process would (tests). */
  stopAfterBatches?: number;
  /** The operator's sweep and proof by Scan (CLI only: no other identity may Scan). */
  scan?: (tenantId: string) => Promise<ScanResult>;
  /** A line per phase, for the CLI. */
  report?: (line: string) => void;
}

export interface DeletionReport {
  tenantId: string;
  /** Deletes sent by this run, and over all runs of this deletion. */
  deletedThisRun: number;
  deletedTotal: number;
  /** People whose `USER#`/`EMAIL#` records were deleted (no other organization), and those kept. */
  forgottenPeople: number;
  keptPeople: number;
  /** The runs before this one (0: it ran in one go). */
  resumes: number;
  /** Items of the tenant found after the deletion: always 0 when this returns. */
  remaining: number;
  /** The operator's Scan: items it read (the whole table) and the capacity it consumed. */
  scan?: { scanned: number; consumedCapacity: number };
}

/** Thrown by `stopAfterBatches`: the run stopped on purpose, its lease still held. */
export class DeletionStopped extends Error {
  constructor(readonly batches: number) {
    super(`stopped after ${batches} batch(es), as asked`);
    this.name = 'DeletionStopped';
  }
}

const VERIFY_ROUNDS = 3;
/** Items other partitions are found through: deleted after what they lead to. */
const HEAD_SORT_KEYS = new Set(['UNIT', 'PROFILE', 'SET', 'JOB', 'GROUP', 'INVITE', 'CONFIG', 'SCIM', 'REVIEW']);

function deletionOrder(tenantId: string, items: StoredItem[]): StoredItem[] {
  const prefix = tenantPrefix(tenantId);
  const fixed = new Set([
    keys.auditPartition(tenantId), keys.apiKeyPartition(tenantId), keys.webhookEndpointPartition(tenantId), keys.setupLinkPartition(tenantId),
    keys.samlRequest(tenantId, '').PK, keys.ssoHealth(tenantId).PK, keys.directoryPartition(tenantId), keys.auditStreamPartition(tenantId),
    keys.accessReviewSchedulePartition(tenantId),
  ]);
  const rank = (i: StoredItem) => (i.PK === prefix ? 3 : fixed.has(String(i.PK)) ? 2 : HEAD_SORT_KEYS.has(String(i.SK)) ? 1 : 0);
  return [...items].sort((a, b) => rank(a) - rank(b));
}

const isJournal = (tenantId: string) => {
  const k = keys.tenantDeletion(tenantId);
  return (i: StoredItem) => i.PK === k.PK && i.SK === k.SK;
};

export async function deleteTenant(scope: OffboardingScope, options: DeleteTenantOptions): Promise<DeletionReport> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? DEFAULT_DELETION_LEASE_MS;
  const journal = await acquireDeletionJournal(scope.platform, {
    tenantId: scope.tenant.tenantId, owner: options.owner ?? ulid(), now: now(), leaseMs, startedBy: options.startedBy,
  });
  // Renewed on a timer for the whole run, not only with each batch (deletion-lease.ts).
  const lease = keepDeletionLease(scope.platform, journal, { now, leaseMs });
  try {
    return await runPhases(scope, options, journal, lease);
  } finally {
    await lease.stop();
  }
}

async function runPhases(scope: OffboardingScope, options: DeleteTenantOptions, acquired: DeletionJournal, lease: DeletionLease): Promise<DeletionReport> {
  const tenantId = scope.tenant.tenantId;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? DEFAULT_DELETION_LEASE_MS;
  const say = options.report ?? (() => {});
  let journal = acquired;
  if (journal.resumes > 0) say(`resuming at phase ${journal.phase} (${journal.deleted} deletes sent before)`);
  let runBatches = 0;
  let deletedThisRun = 0;
  const afterBatch = async (n: number) => {
    lease.assertHeld();
    deletedThisRun += n;
    journal = await recordDeletionProgress(scope.platform, { ...journal, deleted: journal.deleted + n, batches: journal.batches + 1 }, { now: now(), leaseMs });
    runBatches++;
    if (options.stopAfterBatches !== undefined && runBatches >= options.stopAfterBatches) throw new DeletionStopped(runBatches);
  };
  const enterPhase = async (phase: DeletionPhase) => {
    lease.assertHeld();
    journal = await recordDeletionProgress(scope.platform, { ...journal, phase }, { now: now(), leaseMs });
  };
  const notJournal = (items: StoredItem[]) => items.filter((i) => !isJournal(tenantId)(i));

  const catalog: TenantCatalog = await catalogTenant(scope);
  let forgottenPeople = 0;
  let keptPeople = 0;
  for (const phase of DELETION_PHASES.slice(DELETION_PHASES.indexOf(journal.phase))) {
    if (journal.phase !== phase) await enterPhase(phase);
    say(`phase ${phase}`);
    if (phase === 'access') {
      const tokens = catalog.platformItems.filter((i) => String(i.PK).startsWith(keys.accessTokenPrefix));
      await deleteAll(scope.platform, tokens.map(keyOf), { afterBatch });
      for (const claim of catalog.platformItems.filter((i) => String(i.PK).startsWith(keys.domainClaimPrefix))) await deleteClaim(scope, claim);
      await deleteRateLimitCounters(scope, catalog.tenantItems);
    } else if (phase === 'people') {
      ({ forgottenPeople, keptPeople } = await forgetPeople(scope, catalog.tenantItems, afterBatch, lease));
    } else if (phase === 'tenant') {
      await deleteAll(scope.tenant, deletionOrder(tenantId, catalog.tenantItems).map(keyOf), { afterBatch });
    } else if (phase === 'platform') {
      const own = notJournal(catalog.platformItems).filter((i) => i.PK === keys.tenantPartition(tenantId));
      await deleteAll(scope.platform, own.map(keyOf), { afterBatch });
    } else {
      const { left, scan } = await verify(scope, options, afterBatch, lease);
      // The journal is the only thing left that leads back to this deletion (the settings item
      // that carried the schedule's GSI4 entry is gone): it stays while anything of the tenant is
      // found, its lease given up so the next run — or due pass — resumes at verify at once.
      if (left > 0) {
        await lease.stop();
        await releaseDeletionLease(scope.platform, journal);
        throw deletionLeftovers();
      }
      await lease.stop();
      await removeDeletionJournal(scope.platform, journal);
      const remaining = (await readDeletionJournal(scope.platform, tenantId)) ? 1 : 0;
      if (remaining > 0) throw deletionLeftovers();
      const report: DeletionReport = {
        tenantId, deletedThisRun, deletedTotal: journal.deleted, forgottenPeople, keptPeople, resumes: journal.resumes, remaining,
        ...(scan ? { scan } : {}),
      };
      log.info({ tenantId, deleted: journal.deleted, resumes: journal.resumes, startedBy: journal.startedBy }, 'tenant deleted');
      return report;
    }
  }
  throw new Error('unreachable: the verify phase returns');
}

/** A domain claim goes only while it is still this tenant's (another may have proven the domain since). */
async function deleteClaim(scope: OffboardingScope, claim: StoredItem) {
  await deleteItem(scope.platform, { Key: keyOf(claim), ConditionExpression: 'tenantId = :t', ExpressionAttributeValues: { ':t': scope.tenant.tenantId } });
}

/** The API's per-key and per-tenant counters (rate-limiter-flexible's rows); they expire within a minute anyway. */
async function deleteRateLimitCounters(scope: OffboardingScope, tenantItems: StoredItem[]) {
  const limits = scope.rateLimits;
  if (!limits) return;
  const rows = [`api-tenant:${scope.tenant.tenantId}`, ...tenantItems.filter((i) => i.type === 'apiKey' && typeof i.keyId === 'string').map((i) => `api-key:${String(i.keyId)}`)];
  for (const key of rows) {
    try {
      await deleteItem(limits, { Key: { key } });
    } catch (e) {
      // A missing table (no API use yet) or credentials that do not reach it: the rows expire by TTL.
      log.warn({ err: e, tenantId: scope.tenant.tenantId }, 'rate-limit counters not deleted; they expire by TTL');
      return;
    }
  }
}

/**
 * People whose only organization this is lose their global records (`USER#`, `EMAIL#`); people
 * who belong elsewhere keep them. Asked of GSI4 while this tenant's profile still exists.
 * GSI4 cannot be read strongly consistently, and which other tenant might hold a profile is
 * exactly what is asked, so there is nothing to re-read by key: a profile created in another
 * organization within GSI4's lag (typically under a second) of this question is missed, and
 * that person's identity goes (docs/offboarding.md, "People"). The question is asked per person,
 * right before that person's `EMAIL#` goes (the `USER#` records follow in batches), to keep the
 * window that short.
 */
async function forgetPeople(scope: OffboardingScope, tenantItems: StoredItem[], afterBatch: (n: number) => Promise<void>, lease: DeletionLease) {
  const tenantId = scope.tenant.tenantId;
  const userIds = [...new Set(tenantItems.filter((i) => i.type === 'tenantUser' && typeof i.userId === 'string').map((i) => String(i.userId)))];
  let forgottenPeople = 0;
  let keptPeople = 0;
  const users: Key[] = [];
  for (const userId of userIds) {
    lease.assertHeld();
    const elsewhere = (await tenantsOfUser(scope.platform, userId)).filter((t) => t !== tenantId);
    if (elsewhere.length > 0) {
      keptPeople++;
      continue;
    }
    forgottenPeople++;
    const { Item: user } = await scope.platform.client.send(new GetCommand({ TableName: scope.platform.tableName, Key: keys.user(userId), ConsistentRead: true }));
    if (typeof user?.email === 'string') {
      await deleteItem(scope.platform, { Key: keys.userEmail(user.email), ConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId } });
    }
    users.push(keys.user(userId));
  }
  await deleteAll(scope.platform, users, { afterBatch });
  return { forgottenPeople, keptPeople };
}

/** Looks for everything again (and scans, for the operator); deletes what turns up; the count left. */
async function verify(scope: OffboardingScope, options: DeleteTenantOptions, afterBatch: (n: number) => Promise<void>, lease: DeletionLease) {
  const tenantId = scope.tenant.tenantId;
  const journal = isJournal(tenantId);
  let scan: { scanned: number; consumedCapacity: number } | undefined;
  let left: StoredItem[] = [];
  for (let round = 0; ; round++) {
    const found = new Map<string, StoredItem>();
    const catalog = await catalogTenant(scope);
    for (const i of [...catalog.tenantItems, ...catalog.platformItems]) found.set(itemId(i), i);
    if (options.scan) {
      const scanned = await options.scan(tenantId);
      scan = { scanned: (scan?.scanned ?? 0) + scanned.scanned, consumedCapacity: (scan?.consumedCapacity ?? 0) + scanned.consumedCapacity };
      for (const i of scanned.items) found.set(itemId(i), i);
    }
    left = [...found.values()].filter((i) => !journal(i));
    options.report?.(`verify: ${left.length} item(s) left`);
    if (left.length === 0 || round === VERIFY_ROUNDS) break;
    // The catalog and the Scan are the longest stretch without a write: no deletes if the lease went meanwhile.
    lease.assertHeld();
    const ours = (i: StoredItem) => isTenantPartition(tenantId, String(i.PK));
    await deleteAll(scope.tenant, deletionOrder(tenantId, left.filter(ours)).map(keyOf), { afterBatch });
    await deleteAll(scope.platform, left.filter((i) => !ours(i)).map(keyOf), { afterBatch });
  }
  return { left: left.length, scan };
}

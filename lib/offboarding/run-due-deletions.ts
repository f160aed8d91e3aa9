// The wake-up's due pass for deletions (POST /api/internal/run-due): GSI4 `TENANTDELETIONSDUE`
// lists tenants whose scheduled deletion is due (their settings item) and deletions whose job
// stopped (their journal, under its lease's end). The runtime's credentials read that queue and
// the platform items; each tenant's own items are read and deleted with that tenant's scoped
// credentials. No Scan: the proof is the catalog found empty (docs/offboarding.md). Up to
// MAX_DUE_PER_PASS entries a pass, page after page, so the entries of deletions still running
// (their lease live: skipped) never hide the ones due behind them.
import 'server-only';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, sortKeys, withoutGuards, type PlatformDb, type TenantDb } from '../db';
import { rateLimitTableName } from '../db/table';
import { isArborError } from '../errors';
import { log } from '../observability';
import { deleteTenant, type DeleteTenantOptions } from './delete-tenant';
import { readDeletionJournal } from './deletion-journal';
import { claimScheduledDeletion } from './schedule-deletion';

export interface DueDeletionDeps {
  platform: PlatformDb;
  tenantDb: (tenantId: string) => Promise<TenantDb>;
  rateLimits?: PlatformDb;
  now?: number;
  leaseMs?: number;
  /** Runs each deletion on after this call returns (a request's `after`); without it, awaited. */
  background?: (work: () => Promise<void>) => void;
  /** Passed on to the job (tests). */
  job?: Pick<DeleteTenantOptions, 'stopAfterBatches' | 'now'>;
}

/** The API's rate-limit table beside the platform's table, reached with the same (runtime) credentials. */
export const rateLimitsBeside = (platform: PlatformDb): PlatformDb => ({ client: platform.client, tableName: rateLimitTableName(platform.tableName) });

/** Due entries read per pass, at most: the rest wait for the next wake-up (a minute). */
export const MAX_DUE_PER_PASS = 100;
/** Deletions one pass starts or resumes on this instance: each is a long job of its own. */
export const MAX_TAKEN_PER_PASS = 5;
const DUE_PAGE = 25;

/** Starts every deletion now due and resumes every one whose lease ran out. Returns how many it took. */
export async function runDueTenantDeletions(deps: DueDeletionDeps): Promise<number> {
  const now = deps.now ?? Date.now();
  let taken = 0;
  for (const tenantId of await dueTenants(deps.platform, now)) {
    if (taken >= MAX_TAKEN_PER_PASS) break;
    try {
      const journal = await readDeletionJournal(deps.platform, tenantId);
      // Running in another process (GSI4 lags a renewal of its lease): not ours to take.
      if (journal && journal.leaseUntil > now) continue;
      const tenant = withoutGuards(await deps.tenantDb(tenantId));
      // A first start takes the owners' mark over (no cancel from here on); a resumed one already did.
      if (!journal && !(await claimScheduledDeletion(tenant, now))) continue;
      const run = () =>
        deleteTenant({ tenant, platform: deps.platform, rateLimits: deps.rateLimits }, {
          startedBy: 'schedule', leaseMs: deps.leaseMs, now: deps.job?.now ?? (() => Math.max(Date.now(), now)), stopAfterBatches: deps.job?.stopAfterBatches,
        });
      taken++;
      if (deps.background) deps.background(() => run().then(() => undefined, (e) => logFailure(e, tenantId, 'tenant deletion stopped; the next wake-up resumes it')));
      else await run();
    } catch (e) {
      logFailure(e, tenantId, 'tenant deletion due run failed; the next wake-up retries');
    }
  }
  return taken;
}

/**
 * The tenants with an entry due by `now` (a settings mark or a stopped journal; one tenant may
 * have both), every page up to MAX_DUE_PER_PASS entries, oldest first.
 */
async function dueTenants(platform: PlatformDb, now: number): Promise<string[]> {
  const tenantIds = new Set<string>();
  let read = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await platform.client.send(new QueryCommand({
      TableName: platform.tableName,
      IndexName: INDEX.gsi4,
      KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK <= :now',
      ExpressionAttributeValues: { ':pk': keys.gsi4.tenantDeletionsDue(), ':now': sortKeys.dueBy(new Date(now).toISOString()) },
      Limit: Math.min(DUE_PAGE, MAX_DUE_PER_PASS - read),
      ExclusiveStartKey: start,
    }));
    for (const i of out.Items ?? []) if (typeof i.tenantId === 'string') tenantIds.add(i.tenantId);
    read += out.Items?.length ?? 0;
    start = out.LastEvaluatedKey;
  } while (start && read < MAX_DUE_PER_PASS);
  return [...tenantIds];
}

/** Every failure is logged (a refusal such as `offboarding.busy` as a warning): ids and codes only. */
function logFailure(e: unknown, tenantId: string, message: string) {
  if (isArborError(e)) log.warn({ code: e.code, tenantId }, message);
  else log.error({ err: e, tenantId }, message);
}

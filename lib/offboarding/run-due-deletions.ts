// The wake-up's due pass for deletions (POST /api/internal/run-due): GSI4 `TENANTDELETIONSDUE`
// lists tenants whose scheduled deletion is due (their settings item) and deletions whose job
// stopped (their journal, under its lease's end). The runtime's credentials read that queue and
// the platform items; each tenant's own items are read and deleted with that tenant's scoped
// credentials. No Scan: the proof is the catalog found empty (docs/offboarding.md). Server-only.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, withoutGuards, type DocumentClient, type PlatformDb, type TenantDb } from '../db';
import { rateLimitTableName } from '../db/table';
import { isArborError } from '../errors';
import { log } from '../observability';
import { deleteTenant, type DeleteTenantOptions } from './delete-tenant';
import { readDeletionJournal } from './deletion-journal';
import { claimScheduledDeletion } from './schedule-deletion';

export interface DueDeletionDeps {
  platform: PlatformDb;
  tenantDb: (tenantId: string) => Promise<TenantDb>;
  rateLimits?: { client: DocumentClient; tableName: string };
  now?: number;
  leaseMs?: number;
  /** Runs each deletion on after this call returns (a request's `after`); without it, awaited. */
  background?: (work: () => Promise<void>) => void;
  /** Passed on to the job (tests). */
  job?: Pick<DeleteTenantOptions, 'stopAfterBatches' | 'now'>;
}

/** The API's rate-limit table beside the platform's table, reached with the same (runtime) credentials. */
export const rateLimitsBeside = (platform: PlatformDb) => ({ client: platform.client, tableName: rateLimitTableName(platform.tableName) });

/** Starts every deletion now due and resumes every one whose lease ran out. Returns how many it took. */
export async function runDueTenantDeletions(deps: DueDeletionDeps): Promise<number> {
  const now = deps.now ?? Date.now();
  const out = await deps.platform.client.send(new QueryCommand({
    TableName: deps.platform.tableName,
    IndexName: INDEX.gsi4,
    KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK <= :now',
    ExpressionAttributeValues: { ':pk': keys.gsi4.tenantDeletionsDue(), ':now': `${new Date(now).toISOString()}#\uffff` },
    Limit: 10,
  }));
  const tenantIds = [...new Set((out.Items ?? []).map((i) => String(i.tenantId)))];
  let taken = 0;
  for (const tenantId of tenantIds) {
    try {
      const journal = await readDeletionJournal(deps.platform, tenantId);
      if (journal && journal.leaseUntil > now) continue;
      const tenant = withoutGuards(await deps.tenantDb(tenantId));
      // A first start takes the owners' mark over (no cancel from here on); a resumed one already did.
      if (!journal && !(await claimScheduledDeletion(tenant, now))) continue;
      const run = () =>
        deleteTenant({ tenant, platform: deps.platform, rateLimits: deps.rateLimits }, {
          startedBy: 'schedule', leaseMs: deps.leaseMs, now: deps.job?.now ?? (() => Math.max(Date.now(), now)), stopAfterBatches: deps.job?.stopAfterBatches,
        });
      taken++;
      if (deps.background) deps.background(() => run().then(() => undefined, (e) => log.error({ err: e, tenantId }, 'tenant deletion stopped; the next wake-up resumes it')));
      else await run();
    } catch (e) {
      if (!isArborError(e)) log.error({ err: e, tenantId }, 'tenant deletion due run failed; the next wake-up retries');
    }
  }
  return taken;
}

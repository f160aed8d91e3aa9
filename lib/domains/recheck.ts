// Re-verification: every proven domain's TXT record is looked at again at the interval the
// operator sets (ARBOR_DOMAIN_RECHECK_HOURS), by `npm run cli -- domain recheck` run from a
// scheduler. A record that disappeared does not drop the domain (people keep signing in): the
// domain is flagged `failing`, in Settings → Domains, in the audit trail and by mail to the
// tenant's owners, once; a record that comes back clears the flag. Operator scope
// for the schedule, each tenant's scoped credentials for its audit trail and owners.
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntryPut } from '../audit';
import { INDEX, keys, queryAll, transaction, updateItem, type PlatformDb, type TenantDb } from '../db';
import { domainRecordMissingMail, sendMail } from '../mail';
import { tenantOwners } from '../tenants/owners';
import { lookupTxt } from './dns-txt';
import { readTenantDomains, verificationValue, type DomainRecord } from './records';
import { nextCheckKey, scheduledDomain } from './recheck-schedule';

export const DOMAIN_CHECK_ACTOR = { userId: 'domain-check', email: 'domain-check@arbor', name: 'Arbor domain check' };

export interface RecheckSummary {
  checked: number;
  stillProven: number;
  failing: number;
  restored: number;
}

export async function recheckDueDomains(operator: PlatformDb, tenantDb: (tenantId: string) => Promise<TenantDb>, now = Date.now()): Promise<RecheckSummary> {
  const due = await queryAll(operator, {
    IndexName: INDEX.gsi4,
    KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK < :now',
    ExpressionAttributeValues: { ':pk': keys.gsi4.domainChecks(), ':now': new Date(now).toISOString() },
  });
  const summary: RecheckSummary = { checked: 0, stillProven: 0, failing: 0, restored: 0 };
  for (const entry of due) {
    const target = scheduledDomain(String(entry.GSI4SK));
    if (!target) continue;
    const outcome = await recheckOne(operator, tenantDb, target.tenantId, target.domain, now);
    if (!outcome) continue;
    summary.checked++;
    summary[outcome]++;
  }
  return summary;
}

async function recheckOne(operator: PlatformDb, tenantDb: (tenantId: string) => Promise<TenantDb>, tenantId: string, domain: string, now: number) {
  const out = await operator.client.send(new GetCommand({ TableName: operator.tableName, Key: keys.tenantDomain(tenantId, domain), ConsistentRead: true }));
  const record = out.Item as (DomainRecord & { tenantId: string }) | undefined;
  if (!record || record.status === 'pending') return undefined;
  const present = (await lookupTxt(domain)).includes(verificationValue(record));
  const at = new Date(now).toISOString();
  const wasFailing = record.status === 'failing';
  const status = present ? 'verified' : 'failing';
  const updated = await updateItem(operator, {
    Key: keys.tenantDomain(tenantId, domain),
    UpdateExpression: present
      ? 'SET #status = :status, lastCheckedAt = :at, GSI4SK = :next, version = version + :one REMOVE failingSince, lastProblem'
      : 'SET #status = :status, lastCheckedAt = :at, GSI4SK = :next, failingSince = if_not_exists(failingSince, :at), lastProblem = :problem, version = version + :one',
    ConditionExpression: 'version = :v',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': status, ':at': at, ':next': nextCheckKey(tenantId, domain, now).GSI4SK, ':one': 1, ':v': record.version,
      ...(present ? {} : { ':problem': `The TXT record ${verificationValue(record)} was not found at the last check.` }),
    },
  });
  // Removed or re-proven meanwhile: the next run sees the new state.
  if (!updated.written) return undefined;
  if (present === !wasFailing) return present ? 'stillProven' : 'failing';
  // The state changed: the tenant's trail says so, and owners hear about a record that vanished.
  const db = await tenantDb(tenantId);
  const still = (await readTenantDomains(operator, tenantId)).registry.domains.includes(domain);
  if (!still) return undefined;
  await transaction(db).add(auditEntryPut(db, {
    actor: DOMAIN_CHECK_ACTOR, action: present ? 'domain.restored' : 'domain.recordMissing',
    target: { type: 'tenant', id: tenantId, label: domain }, after: { domain },
  })).send();
  if (!present) await tellOwners(db, domain, verificationValue(record));
  return present ? 'restored' : 'failing';
}

async function tellOwners(db: TenantDb, domain: string, value: string) {
  const { organization, owners } = await tenantOwners(db);
  await Promise.all(owners.map((owner) =>
    sendMail({ to: owner.email, ...domainRecordMissingMail({ ownerName: owner.name, organization, domain, record: value }) }).catch(() => undefined),
  ));
}

// Adding, verifying and removing a tenant's email domains (Settings → Domains, setup links).
// The records and claims are platform items, so each change first confirms the
// decision that allowed it (confirmDecision) and its audit entry follows in the tenant's trail.
//
// A domain waiting for its proof claims nothing: two tenants may both wait for acme.com, and
// neither can lock the other out. The first whose TXT record is found takes the P1 claim, in
// the same transaction that marks its record verified and adds the domain to its connection;
// the claim's condition (free, or already this tenant's) makes the other one's Verify fail with
// `domain.provenElsewhere`, and nothing of either changes.
import 'server-only';
import { auditEntryPut } from '../audit';
import { actorIdentity, confirmDecision, deleteItem, keys, putItem, transaction, updateItem, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { isArborError, versionConflict } from '../errors';
import { MAX_CONNECTION_DOMAINS, type SsoConnection } from '../sso/connection';
import { writeConnectionAndClaims } from './set-connection';
import { platformDb } from '../tenancy';
import { validateDomain } from '../tenants/domains';
import { lookupTxt } from './dns-txt';
import { domainAlreadyVerified, domainChangedMeanwhile, domainNotAdded, domainProvenElsewhere, lastServedDomain, tooManyTenantDomains, verificationRecordMissing } from './errors';
import { newVerificationToken, readTenantDomains, verificationValue, type DomainRecord } from './records';
import { nextCheckKey } from './recheck-schedule';

const audit = (db: TenantDb, actor: AuditActor, action: string, domain: string, after?: Record<string, unknown>) =>
  transaction(db).add(auditEntryPut(db, { actor, action, target: { type: 'tenant', id: db.tenantId, label: domain }, after: { domain, ...after } })).send();

/** Adds a domain waiting for its DNS proof (again: the same record); returns it. */
export async function addDomain(db: TenantDb, actor: AuditActor, rawDomain: unknown): Promise<DomainRecord> {
  const domain = validateDomain(rawDomain);
  const platform = platformDb();
  const current = await readTenantDomains(platform, db.tenantId);
  if (current.registry.domains.includes(domain)) throw domainAlreadyVerified(domain);
  const existing = current.records.find((r) => r.domain === domain);
  if (existing) return existing;
  if (current.registry.domains.length + current.records.length >= MAX_CONNECTION_DOMAINS) throw tooManyTenantDomains(MAX_CONNECTION_DOMAINS);
  await confirmDecision(db);
  const record: DomainRecord = { domain, status: 'pending', token: newVerificationToken(), createdAt: new Date().toISOString(), version: 1 };
  const added = await putItem(platform, {
    Item: { ...keys.tenantDomain(db.tenantId, domain), type: 'tenantDomain', tenantId: db.tenantId, ...record, createdBy: actorIdentity(actor) },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
  // Added at the same moment by another admin: theirs stands.
  if (!added.written) return (await readTenantDomains(platform, db.tenantId)).records.find((r) => r.domain === domain)!;
  await audit(db, actor, 'domain.add', domain);
  return record;
}

/**
 * Looks the domain's TXT record up and, when it carries this tenant's token, proves the domain.
 * A miss records what was found and throws `domain.recordMissing`.
 */
export async function verifyDomain(db: TenantDb, actor: AuditActor, rawDomain: unknown): Promise<DomainRecord> {
  const domain = validateDomain(rawDomain);
  const platform = platformDb();
  const current = await readTenantDomains(platform, db.tenantId);
  const record = current.records.find((r) => r.domain === domain);
  if (!record) throw current.registry.domains.includes(domain) ? domainAlreadyVerified(domain) : domainNotAdded(domain);
  if (record.status === 'verified') return record;

  const found = await lookupTxt(domain);
  const now = new Date().toISOString();
  if (!found.includes(verificationValue(record))) {
    const problem = verificationRecordMissing(domain, verificationValue(record), found.length);
    await noteCheck(platform, db.tenantId, record, { lastCheckedAt: now, lastProblem: problem.message });
    throw problem;
  }
  await confirmDecision(db);
  const proven: DomainRecord = { ...record, status: 'verified', verifiedAt: now, lastCheckedAt: now, lastProblem: undefined, failingSince: undefined, version: record.version + 1 };
  // A proven domain whose record had gone missing: it still holds its claim; only the flag clears.
  if (current.registry.domains.includes(domain)) {
    const { TableName: _table, ...put } = recordPut(platform.tableName, db.tenantId, { ...proven, verifiedAt: record.verifiedAt }, record.version).Put;
    if (!(await putItem(platform, put)).written) throw domainChangedMeanwhile(domain);
    await audit(db, actor, 'domain.restored', domain);
    return proven;
  }
  try {
    await writeConnectionAndClaims(platform, {
      tenantId: db.tenantId,
      registry: current.registry,
      current: current.connection,
      next: current.connection && withDomains(current.connection, [...current.connection.domains, domain], now),
      domains: [...current.registry.domains, domain],
      claimFree: true,
      extra: { items: [recordPut(platform.tableName, db.tenantId, proven, record.version)], conflict: () => versionConflict('sso', undefined) },
    });
  } catch (e) {
    if (isArborError(e) && e.code === 'domain.taken') {
      await noteCheck(platform, db.tenantId, record, { lastCheckedAt: now, lastProblem: domainProvenElsewhere(domain).message });
      throw domainProvenElsewhere(domain);
    }
    throw e;
  }
  await audit(db, actor, 'domain.verify', domain);
  return proven;
}

/** Removes a domain: a waiting one's record, or a proven one's claim (freeing it for others). */
export async function removeDomain(db: TenantDb, actor: AuditActor, rawDomain: unknown): Promise<void> {
  const domain = validateDomain(rawDomain);
  const platform = platformDb();
  const current = await readTenantDomains(platform, db.tenantId);
  const record = current.records.find((r) => r.domain === domain);
  const proven = current.registry.domains.includes(domain);
  if (!record && !proven) throw domainNotAdded(domain);
  await confirmDecision(db);
  if (proven) {
    const remaining = current.registry.domains.filter((d) => d !== domain);
    if (current.connection && remaining.length === 0) throw lastServedDomain(domain);
    const now = new Date().toISOString();
    await writeConnectionAndClaims(platform, {
      tenantId: db.tenantId,
      registry: current.registry,
      current: current.connection,
      next: current.connection && withDomains(current.connection, current.connection.domains.filter((d) => d !== domain), now),
      domains: remaining,
      claimFree: false,
      ...(record ? { extra: { items: [recordDelete(platform.tableName, db.tenantId, record)], conflict: () => versionConflict('sso', undefined) } } : {}),
    });
  } else {
    const removed = await deleteItem(platform, { Key: keys.tenantDomain(db.tenantId, domain), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': record!.version } });
    if (!removed.written) throw domainChangedMeanwhile(domain);
  }
  await audit(db, actor, 'domain.remove', domain, { wasVerified: proven });
}

const withDomains = (c: SsoConnection, domains: string[], now: string): SsoConnection => ({ ...c, domains, version: c.version + 1, updatedAt: now });

/** The record as proven, on the re-check schedule (GSI4 `DOMAINCHECKS`), if its version is still the one read. */
function recordPut(TableName: string, tenantId: string, r: DomainRecord, expectedVersion: number) {
  return {
    Put: {
      TableName,
      Item: { ...keys.tenantDomain(tenantId, r.domain), type: 'tenantDomain', tenantId, ...strip(r), ...nextCheckKey(tenantId, r.domain) },
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': expectedVersion },
    },
  };
}

function recordDelete(TableName: string, tenantId: string, r: DomainRecord) {
  return { Delete: { TableName, Key: keys.tenantDomain(tenantId, r.domain), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': r.version } } };
}

const strip = (r: DomainRecord) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));

/** Records a check that did not prove the domain (unversioned bookkeeping on a waiting record). */
export async function noteCheck(platform: PlatformDb, tenantId: string, record: DomainRecord, values: { lastCheckedAt: string; lastProblem: string }) {
  await updateItem(platform, {
    Key: keys.tenantDomain(tenantId, record.domain),
    UpdateExpression: 'SET lastCheckedAt = :at, lastProblem = :problem',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':at': values.lastCheckedAt, ':problem': values.lastProblem },
  });
}

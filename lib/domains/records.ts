// A tenant's email domains: the proven ones (the registry entry's list, each with its P1 claim)
// and those waiting for their DNS proof (`TENANT#<t>` / `DOMAIN#<domain>`: the token to publish
// and the last check). One Query of the `TENANT#<t>` partition reads the registry entry, the
// connection and every record together. Platform credentials.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { itemParser, keys, queryAll, type PlatformDb } from '../db';
import { toConnection, type SsoConnection } from '../sso/connection';
import type { TenantRegistryEntry } from '../items/tenant-registry-entry';
import { tenantNotFound } from '../tenancy/errors';

export type DomainStatus = 'pending' | 'verified' | 'failing';

export interface DomainRecord {
  domain: string;
  status: DomainStatus;
  /** Published as `arbor-verification=<token>`. */
  token: string;
  createdAt: string;
  verifiedAt?: string;
  lastCheckedAt?: string;
  /** Since when a verified domain's record has been missing at re-checks. */
  failingSince?: string;
  /** Why the last check did not prove it, in words for the admin. */
  lastProblem?: string;
  version: number;
}

export interface TenantDomains {
  registry: TenantRegistryEntry;
  connection?: SsoConnection;
  records: DomainRecord[];
}

export const VERIFICATION_PREFIX = 'arbor-verification=';
export const verificationValue = (record: Pick<DomainRecord, 'token'>) => `${VERIFICATION_PREFIX}${record.token}`;
export const newVerificationToken = () => randomBytes(18).toString('base64url');

const parseRecord = itemParser('tenantDomain', z.object({
  domain: z.string(), status: z.enum(['pending', 'verified', 'failing']), token: z.string(), createdAt: z.string(),
  verifiedAt: z.string().optional(), lastCheckedAt: z.string().optional(), failingSince: z.string().optional(),
  lastProblem: z.string().optional(), version: z.number(),
}));

/** The tenant's registry entry, connection and domain records: one Query. */
export async function readTenantDomains(db: PlatformDb, tenantId: string): Promise<TenantDomains> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenantId) },
    ConsistentRead: true,
  });
  const entry = items.find((i) => i.SK === 'TENANT');
  if (!entry) throw tenantNotFound();
  const sso = items.find((i) => i.SK === 'SSO');
  return {
    registry: { domains: (entry.domains as string[] | undefined) ?? [], version: entry.version as number },
    connection: sso ? toConnection(tenantId, sso) : undefined,
    records: items.filter((i) => typeof i.SK === 'string' && i.SK.startsWith(keys.tenantDomainPrefix)).map(parseRecord),
  };
}

export interface DomainView {
  domain: string;
  status: DomainStatus;
  /** How it was proven: by its DNS record, or by Arbor's operator when the tenant was created. */
  provenBy?: 'dns' | 'operator';
  /** The TXT record to publish (pending and failing domains). */
  txt?: { name: string; value: string };
  verifiedAt?: string;
  lastCheckedAt?: string;
  failingSince?: string;
  lastProblem?: string;
  /** The connection signs people of this domain in. */
  served: boolean;
}

/** Every domain, proven first, as Settings → Domains shows it. */
export function domainViews({ registry, connection, records }: TenantDomains): DomainView[] {
  const byDomain = new Map(records.map((r) => [r.domain, r]));
  const served = new Set(connection?.domains ?? []);
  const proven = registry.domains.map((domain): DomainView => {
    const r = byDomain.get(domain);
    return {
      domain, status: r?.status === 'failing' ? 'failing' : 'verified', provenBy: r ? 'dns' : 'operator', served: served.has(domain),
      ...(r?.status === 'failing' ? { txt: { name: domain, value: verificationValue(r) }, failingSince: r.failingSince, lastProblem: r.lastProblem } : {}),
      ...(r ? { verifiedAt: r.verifiedAt, lastCheckedAt: r.lastCheckedAt } : {}),
    };
  });
  const waiting = records
    .filter((r) => !registry.domains.includes(r.domain))
    .map((r): DomainView => ({ domain: r.domain, status: 'pending', txt: { name: r.domain, value: verificationValue(r) }, lastCheckedAt: r.lastCheckedAt, lastProblem: r.lastProblem, served: false }));
  return [...proven, ...waiting];
}

// Registers or replaces a tenant's connection, and moves the domain claims with it, in ONE
// transaction. Platform credentials.
import 'server-only';
import { readTenantDomains } from './records';
import { keys, transactWrite, type PlatformDb, type TransactItem } from '../db';
import type { TenantRegistryEntry } from '../items/tenant-registry-entry';
import { versionConflict } from '../errors';
import { samlConnectionFields, type SamlSettingsInput } from '../saml/settings';
import { validateDomain } from '../tenants/domains';
import { domainTaken } from '../tenants/errors';
import { connectionAttributes, MAX_CONNECTION_DOMAINS, type SsoConnection } from '../sso/connection';
import { badConnectionField, badIssuer, badJit, noDomains, tooManyDomains } from '../sso/errors';
import { domainUnproven } from './errors';
import { sealSecret } from '../security/sealed-secret';
import { validateHttpsUrl } from '../sso/urls';

export interface OidcSettingsInput {
  protocol?: 'oidc';
  issuer: string;
  clientId: string;
  /** Plain client secret; may be omitted to keep the stored one when replacing an OIDC connection. */
  clientSecret?: string;
}

export type SetConnectionInput = (OidcSettingsInput | SamlSettingsInput) & {
  /** The domains it serves; the tenant's proven domains when omitted. */
  domains?: string[];
  jit: boolean;
  /** Whether discovery routes sign-ins to it; a replaced connection keeps its state, a new one is on. */
  enabled?: boolean;
  /**
   * Only domains the tenant has already proven (the console and the setup link). Without it the
   * caller vouches for the domains and free ones are claimed: the operator's CLI, and a domain
   * whose DNS record was just found.
   */
  provenOnly?: boolean;
  /** The version read before editing (optimistic locking), 0 when none was set yet; omit from the operator CLI. */
  expectedVersion?: number;
};

const connectionConflict = (currentVersion: number | undefined) => versionConflict('sso', currentVersion);

/** An OIDC issuer: an https URL without query. */
export function validateIssuer(raw: unknown): string {
  const issuer = validateHttpsUrl(raw);
  if (new URL(issuer).search) throw badIssuer();
  return issuer;
}

export function validateText(raw: unknown, field: 'clientId' | 'clientSecret', max: number): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) throw badConnectionField(field, 'missing');
  if (value.length > max || /\p{Cc}/u.test(value)) throw badConnectionField(field, { max });
  return value;
}

export function validateDomains(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [];
  const domains = [...new Set(list.map((d) => validateDomain(d)))];
  if (domains.length === 0) throw noDomains();
  if (domains.length > MAX_CONNECTION_DOMAINS) throw tooManyDomains(MAX_CONNECTION_DOMAINS);
  return domains;
}

type CommonFields = 'tenantId' | 'domains' | 'jit' | 'enabled' | 'version' | 'updatedAt';
type ProtocolFields = SsoConnection extends infer C ? (C extends SsoConnection ? Omit<C, CommonFields> : never) : never;

async function protocolFields(tenantId: string, input: SetConnectionInput, current: SsoConnection | undefined): Promise<ProtocolFields> {
  if (input.protocol === 'saml') return samlConnectionFields(tenantId, input, current);
  const issuer = validateIssuer(input.issuer);
  const clientId = validateText(input.clientId, 'clientId', 255);
  const plainSecret = input.clientSecret === undefined ? undefined : validateText(input.clientSecret, 'clientSecret', 2048);
  const kept = current?.protocol === 'oidc' ? current.clientSecret : undefined;
  if (!plainSecret && !kept) throw badConnectionField('clientSecret', 'missing');
  return { protocol: 'oidc', issuer, clientId, clientSecret: plainSecret ? sealSecret(plainSecret, tenantId) : kept! };
}

/**
 * Registers or replaces a tenant's connection in ONE transaction with its domains' claims. A
 * domain another tenant holds is refused and nothing changes.
 */
export async function setConnection(db: PlatformDb, tenantId: string, input: SetConnectionInput): Promise<SsoConnection> {
  if (typeof input.jit !== 'boolean') throw badJit();
  // The registry entry and the connection share the tenant's partition: one Query.
  const { registry, connection: current } = await readTenantDomains(db, tenantId);
  if (input.expectedVersion !== undefined && input.expectedVersion !== (current?.version ?? 0)) {
    throw connectionConflict(current?.version);
  }
  const domains = validateDomains(input.domains ?? registry.domains);
  if (input.provenOnly) {
    const unproven = domains.find((d) => !registry.domains.includes(d));
    if (unproven) throw domainUnproven(unproven);
  }
  const next = {
    tenantId, ...(await protocolFields(tenantId, input, current)), domains, jit: input.jit,
    enabled: input.enabled ?? current?.enabled ?? true,
    version: (current?.version ?? 0) + 1,
    updatedAt: new Date().toISOString(),
  } as SsoConnection;
  await writeConnectionAndClaims(db, { tenantId, registry, current, next, domains, claimFree: !input.provenOnly });
  return next;
}

export interface ClaimsWrite {
  tenantId: string;
  registry: TenantRegistryEntry;
  current: SsoConnection | undefined;
  /** The connection to store, or undefined when the tenant has none. */
  next: SsoConnection | undefined;
  /** The tenant's domains after the write. */
  domains: string[];
  /** Claim domains nobody holds (else every listed domain must already be this tenant's). */
  claimFree: boolean;
  /** Written in the same transaction (a domain's verification record), and the error when its condition fails. */
  extra?: { items: TransactItem[]; conflict: () => Error };
}

/**
 * One transaction: the tenant registry's domain list, the canonical connection, a claim (with
 * the connection copied on) for every domain, and the removal of claims no longer listed.
 */
export async function writeConnectionAndClaims(db: PlatformDb, w: ClaimsWrite): Promise<void> {
  const { tenantId } = w;
  const T = db.tableName;
  const now = new Date().toISOString();
  const removed = [...new Set([...w.registry.domains, ...(w.current?.domains ?? [])])].filter((d) => !w.domains.includes(d));
  const copy = w.next ? connectionAttributes(w.next) : null;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: T, Key: keys.tenantRegistry(tenantId),
        UpdateExpression: 'SET domains = :domains, version = version + :one, updatedAt = :now',
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':domains': w.domains, ':one': 1, ':now': now, ':v': w.registry.version },
      },
    },
    ...(w.next
      ? [{
          Put: {
            TableName: T,
            Item: { ...keys.ssoConnection(tenantId), type: 'ssoConnection', tenantId, ...copy },
            ConditionExpression: w.current ? 'version = :v' : 'attribute_not_exists(PK)',
            ...(w.current ? { ExpressionAttributeValues: { ':v': w.current.version } } : {}),
          },
        }]
      : []),
    // A claim is taken only when free or already this tenant's: the condition is what keeps one
    // domain from ever pointing at two tenants.
    ...w.domains.map((domain) => ({
      Update: {
        TableName: T, Key: keys.domainClaim(domain),
        UpdateExpression: 'SET #type = :type, tenantId = :t, #domain = :d, #connection = :c, createdAt = if_not_exists(createdAt, :now), version = if_not_exists(version, :zero) + :one',
        ConditionExpression: w.claimFree ? 'attribute_not_exists(PK) OR tenantId = :t' : 'tenantId = :t',
        ExpressionAttributeNames: { '#type': 'type', '#domain': 'domain', '#connection': 'connection' },
        ExpressionAttributeValues: { ':type': 'domainClaim', ':t': tenantId, ':d': domain, ':c': copy, ':now': now, ':zero': 0, ':one': 1 },
      },
    })),
    ...removed.map((domain) => ({
      Delete: { TableName: T, Key: keys.domainClaim(domain), ConditionExpression: 'tenantId = :t', ExpressionAttributeValues: { ':t': tenantId } },
    })),
    ...(w.extra?.items ?? []),
  ];

  const refused = await transactWrite(db, items);
  if (!refused) return;
  const firstClaim = w.next ? 2 : 1;
  const failed = refused[0].index;
  if (failed >= firstClaim && failed < firstClaim + w.domains.length) {
    const domain = w.domains[failed - firstClaim];
    throw w.claimFree ? domainTaken(domain) : domainUnproven(domain);
  }
  if (w.extra && failed >= items.length - w.extra.items.length) throw w.extra.conflict();
  throw connectionConflict(undefined);
}

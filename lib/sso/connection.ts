// A tenant's SSO connection (OIDC issuer, client, sealed secret, domains served, JIT): the
// canonical item `TENANT#<t>` / `SSO`, and a copy denormalized onto each domain claim so that
// sign-in discovery (P1) is one GetItem. Server-only; platform credentials (P1–P4 items only).
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { cancellationReasons, itemParser, keys, type PlatformDb } from '../db';
import { versionConflict } from '../errors';
import { domainTaken, tenantNotFound } from '../tenants/errors';
import { badConnectionField, badIssuer, badJit, noDomains, tooManyDomains } from './errors';
import { validateDomain } from '../tenants/domains';
import { openSecret, sealSecret } from './secret-box';

/** Most domains one connection serves; keeps `setConnection` inside one transaction. */
export const MAX_CONNECTION_DOMAINS = 20;

export interface SsoConnection {
  tenantId: string;
  /** OIDC issuer; its `/.well-known/openid-configuration` describes the IdP. */
  issuer: string;
  clientId: string;
  /** AES-GCM sealed client secret; open it with `connectionSecret()` only to talk to the IdP. */
  clientSecret: string;
  /** Email domains whose users sign in through this connection. */
  domains: string[];
  /** Provision unknown users of these domains as members on first sign-in. */
  jit: boolean;
  version: number;
  updatedAt: string;
}

export interface SetConnectionInput {
  issuer: string;
  clientId: string;
  /** Plain client secret; may be omitted to keep the stored one when replacing a connection. */
  clientSecret?: string;
  domains: string[];
  jit: boolean;
  /**
   * The version read before editing (optimistic locking), 0 when none was set yet; omit from the
   * operator CLI to replace whatever is stored.
   */
  expectedVersion?: number;
}

const connectionConflict = (currentVersion: number | undefined) =>
  versionConflict('sso', currentVersion);

// Issuer URLs are short; the bound keeps a connection (copied onto each domain claim) small.
const ISSUER_MAX_LENGTH = 2048;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An https URL (http only on loopback, for the local IdP), without a trailing slash. */
export function validateIssuer(raw: unknown): string {
  let url: URL;
  try {
    if (typeof raw !== 'string' || raw.length > ISSUER_MAX_LENGTH) throw new TypeError('not an issuer');
    url = new URL(raw.trim());
  } catch {
    throw badIssuer();
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!secure || url.search || url.hash || url.username) {
    throw badIssuer();
  }
  return url.href.replace(/\/+$/, '');
}

function validateText(raw: unknown, field: 'clientId' | 'clientSecret', max: number): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) throw badConnectionField(field, 'missing');
  if (value.length > max || /\p{Cc}/u.test(value)) throw badConnectionField(field, { max });
  return value;
}

export function validateDomains(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [];
  const domains = [...new Set(list.map((d) => validateDomain(d)))];
  if (domains.length === 0) throw noDomains();
  if (domains.length > MAX_CONNECTION_DOMAINS) {
    throw tooManyDomains(MAX_CONNECTION_DOMAINS);
  }
  return domains;
}

/** The connection's attributes, on its own item and copied onto each domain claim. */
export const storedConnection = z.object({
  issuer: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  domains: z.array(z.string()).optional(),
  jit: z.boolean().optional(),
  version: z.number(),
  updatedAt: z.string(),
});
const parseConnection = itemParser('ssoConnection', storedConnection);

/** The connection from its stored attributes (parsed with the item that holds them). */
export const connectionFrom = (tenantId: string, c: z.infer<typeof storedConnection>): SsoConnection =>
  ({ tenantId, ...c, domains: c.domains ?? [], jit: c.jit === true });

export const toConnection = (tenantId: string, item: Record<string, unknown>) => connectionFrom(tenantId, parseConnection(item));

/** The plain client secret, for the token request only. */
export const connectionSecret = (c: SsoConnection) => openSecret(c.clientSecret, c.tenantId);

/** The stored shape, shared by the canonical item and the copies on domain claims. */
const connectionAttributes = (c: SsoConnection) => ({
  issuer: c.issuer, clientId: c.clientId, clientSecret: c.clientSecret, domains: c.domains, jit: c.jit, version: c.version, updatedAt: c.updatedAt,
});

/** The tenant's canonical connection (one GetItem), or undefined when none is set. */
export async function getConnection(db: PlatformDb, tenantId: string): Promise<SsoConnection | undefined> {
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.ssoConnection(tenantId), ConsistentRead: true }));
  return out.Item ? toConnection(tenantId, out.Item) : undefined;
}

/**
 * Registers or replaces a tenant's connection in ONE transaction: the canonical item, the
 * tenant directory's domain list, a claim (with the connection copied on) for every domain
 * served, and the removal of claims the tenant no longer serves. A domain claimed by another
 * tenant is refused and nothing changes.
 */
export async function setConnection(db: PlatformDb, tenantId: string, input: SetConnectionInput): Promise<SsoConnection> {
  const issuer = validateIssuer(input.issuer);
  const clientId = validateText(input.clientId, 'clientId', 255);
  const plainSecret = input.clientSecret === undefined ? undefined : validateText(input.clientSecret, 'clientSecret', 2048);
  const domains = validateDomains(input.domains);
  if (typeof input.jit !== 'boolean') throw badJit();

  const [directory, current] = await Promise.all([
    db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.tenantDirectory(tenantId), ConsistentRead: true })).then((o) => o.Item),
    getConnection(db, tenantId),
  ]);
  if (!directory) throw tenantNotFound();
  if (input.expectedVersion !== undefined && input.expectedVersion !== (current?.version ?? 0)) {
    throw connectionConflict(current?.version);
  }
  if (!plainSecret && !current) throw badConnectionField('clientSecret', 'missing');

  const now = new Date().toISOString();
  const next: SsoConnection = {
    tenantId, issuer, clientId, domains, jit: input.jit,
    clientSecret: plainSecret ? sealSecret(plainSecret, tenantId) : current!.clientSecret,
    version: (current?.version ?? 0) + 1,
    updatedAt: now,
  };
  const previousDomains = new Set<string>([...((directory.domains as string[]) ?? []), ...(current?.domains ?? [])]);
  const removed = [...previousDomains].filter((d) => !domains.includes(d));
  const T = db.tableName;

  const items = [
    {
      Update: {
        TableName: T, Key: keys.tenantDirectory(tenantId),
        UpdateExpression: 'SET domains = :domains, version = version + :one, updatedAt = :now',
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':domains': domains, ':one': 1, ':now': now, ':v': directory.version },
      },
    },
    {
      Put: {
        TableName: T,
        Item: { ...keys.ssoConnection(tenantId), type: 'ssoConnection', tenantId, ...connectionAttributes(next) },
        ConditionExpression: current ? 'version = :v' : 'attribute_not_exists(PK)',
        ...(current ? { ExpressionAttributeValues: { ':v': current.version } } : {}),
      },
    },
    // A claim is taken only when free or already this tenant's: the condition is what keeps one
    // domain from ever pointing at two tenants.
    ...domains.map((domain) => ({
      Update: {
        TableName: T, Key: keys.domainClaim(domain),
        UpdateExpression: 'SET #type = :type, tenantId = :t, #domain = :d, #connection = :c, createdAt = if_not_exists(createdAt, :now), version = if_not_exists(version, :zero) + :one',
        ConditionExpression: 'attribute_not_exists(PK) OR tenantId = :t',
        ExpressionAttributeNames: { '#type': 'type', '#domain': 'domain', '#connection': 'connection' },
        ExpressionAttributeValues: { ':type': 'domainClaim', ':t': tenantId, ':d': domain, ':c': connectionAttributes(next), ':now': now, ':zero': 0, ':one': 1 },
      },
    })),
    ...removed.map((domain) => ({
      Delete: { TableName: T, Key: keys.domainClaim(domain), ConditionExpression: 'tenantId = :t', ExpressionAttributeValues: { ':t': tenantId } },
    })),
  ];

  try {
    await db.client.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    const reasons = cancellationReasons(e);
    if (!reasons) throw e;
    const failed = reasons.findIndex((r) => r.code === 'ConditionalCheckFailed');
    if (failed >= 2 && failed < 2 + domains.length) {
      throw domainTaken(domains[failed - 2]);
    }
    if (failed >= 0) throw connectionConflict(undefined);
    throw e;
  }
  return next;
}

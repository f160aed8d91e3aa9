// Vends tenant-scoped STS credentials: AssumeRole on the tenant access role with the
// tenant's session policy, cached per tenant (or per tenant and user), one AssumeRole in flight
// per cache entry, and refreshed ahead of expiry in the background so requests never wait on
// STS except for a cold tenant.
import 'server-only';
import { AssumeRoleCommand, type AssumeRoleCommandOutput } from '@aws-sdk/client-sts';
import { credentialsUnavailable } from './errors';
import { assertTenantId, tenantSessionPolicyText } from './session-policy';

export interface TenantCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

/** What the vendor needs from an STS client (an `STSClient` fits). */
export interface StsSender {
  send(command: AssumeRoleCommand): Promise<AssumeRoleCommandOutput>;
}

export interface IssuedCredentials {
  tenantId: string;
  userId?: string;
  sessionName: string;
  policyChars: number;
  /** Percentage of STS's packed-policy allowance used, when STS reports it. */
  packedPolicySize?: number;
  expiration: Date;
}

export interface CredentialVendorOptions {
  sts: StsSender;
  roleArn: string;
  tableArn: string;
  /** Session length asked of STS (900–43,200 on AWS, capped by the role's maximum). */
  durationSeconds?: number;
  /** From this long before expiry, a request still gets the cached credentials but starts a refresh. */
  refreshAheadMs?: number;
  /** Credentials closer to expiry than this are never handed out; the caller waits for new ones. */
  minRemainingMs?: number;
  /** After a failed background refresh, wait this long before trying again. */
  retryAfterMs?: number;
  /** Cache entries kept (least recently used go first). */
  maxEntries?: number;
  now?: () => number;
  onIssued?: (issued: IssuedCredentials) => void;
}

export interface VendorStats {
  assumeRoleCalls: number;
  assumeRoleFailures: number;
  cacheHits: number;
  backgroundRefreshes: number;
  cachedEntries: number;
  lastPackedPolicySize?: number;
  maxPackedPolicySize?: number;
}

export interface CredentialVendor {
  credentialsFor(tenantId: string, userId?: string): Promise<TenantCredentials>;
  stats(): VendorStats;
  /** Resolves when no AssumeRole is in flight (tests, bench). */
  whenIdle(): Promise<void>;
  clear(): void;
}

const SESSION_NAME_MAX = 64;
const SESSION_NAME_CHARS = /^[\w+=,.@-]+$/;

/**
 * `t=<tenant>` or `t=<tenant>,u=<user>`: what CloudTrail shows as the assumed-role session.
 * The user part is dropped when it would not fit or has characters STS refuses.
 */
export function roleSessionName(tenantId: string, userId?: string): string {
  const base = `t=${tenantId}`;
  const withUser = userId ? `${base},u=${userId}` : base;
  return withUser.length <= SESSION_NAME_MAX && SESSION_NAME_CHARS.test(withUser) ? withUser : base;
}

interface Entry {
  tenantId: string;
  userId?: string;
  creds?: TenantCredentials;
  issuedAt?: number;
  pending?: Promise<TenantCredentials>;
  retryAt?: number;
}

export function createCredentialVendor(options: CredentialVendorOptions): CredentialVendor {
  const now = options.now ?? Date.now;
  const durationSeconds = options.durationSeconds ?? 3600;
  const refreshAheadMs = options.refreshAheadMs ?? 5 * 60_000;
  const minRemainingMs = options.minRemainingMs ?? 60_000;
  const retryAfterMs = options.retryAfterMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const counters = { assumeRoleCalls: 0, assumeRoleFailures: 0, cacheHits: 0, backgroundRefreshes: 0 };
  let lastPacked: number | undefined;
  let maxPacked: number | undefined;

  const entryFor = (tenantId: string, userId?: string): Entry => {
    const key = userId ? `${tenantId}\u0000${userId}` : tenantId;
    const found = entries.get(key);
    if (found) {
      entries.delete(key); // re-insert: Map order is the LRU order
      entries.set(key, found);
      return found;
    }
    const entry: Entry = { tenantId, userId };
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return entry;
  };

  async function assumeRole(entry: Entry): Promise<TenantCredentials> {
    const sessionName = roleSessionName(entry.tenantId, entry.userId);
    const policy = tenantSessionPolicyText({ tableArn: options.tableArn, tenantId: entry.tenantId });
    counters.assumeRoleCalls++;
    const startedAt = now();
    const out = await options.sts.send(
      new AssumeRoleCommand({ RoleArn: options.roleArn, RoleSessionName: sessionName, Policy: policy, DurationSeconds: durationSeconds }),
    );
    const c = out.Credentials;
    if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken || !c.Expiration) {
      throw new Error('STS AssumeRole returned no credentials');
    }
    const creds = { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken, expiration: new Date(c.Expiration) };
    entry.creds = creds;
    entry.issuedAt = startedAt;
    entry.retryAt = undefined;
    if (out.PackedPolicySize !== undefined) {
      lastPacked = out.PackedPolicySize;
      maxPacked = Math.max(maxPacked ?? 0, out.PackedPolicySize);
    }
    options.onIssued?.({
      tenantId: entry.tenantId, userId: entry.userId, sessionName, policyChars: policy.length,
      packedPolicySize: out.PackedPolicySize, expiration: creds.expiration,
    });
    return creds;
  }

  function refresh(entry: Entry): Promise<TenantCredentials> {
    const pending: Promise<TenantCredentials> = assumeRole(entry)
      .catch((e: unknown) => {
        counters.assumeRoleFailures++;
        entry.retryAt = now() + retryAfterMs;
        throw credentialsUnavailable(e);
      })
      .finally(() => {
        if (entry.pending === pending) entry.pending = undefined;
      });
    entry.pending = pending;
    return pending;
  }

  return {
    async credentialsFor(tenantId, userId) {
      assertTenantId(tenantId);
      const entry = entryFor(tenantId, userId);
      const creds = entry.creds;
      const at = now();
      if (creds) {
        const remaining = creds.expiration.getTime() - at;
        // Short sessions (tests) scale the windows down so they never cover the whole lifetime.
        const lifetime = creds.expiration.getTime() - (entry.issuedAt ?? at);
        if (remaining > Math.min(minRemainingMs, lifetime / 4)) {
          const due = remaining <= Math.min(refreshAheadMs, lifetime / 2);
          if (due && !entry.pending && !(entry.retryAt !== undefined && entry.retryAt > at)) {
            counters.backgroundRefreshes++;
            refresh(entry).catch(() => undefined); // the cached credentials are still good
          }
          counters.cacheHits++;
          return creds;
        }
      }
      return entry.pending ?? refresh(entry);
    },
    stats: () => ({ ...counters, cachedEntries: entries.size, lastPackedPolicySize: lastPacked, maxPackedPolicySize: maxPacked }),
    async whenIdle() {
      await Promise.allSettled([...entries.values()].map((e) => e.pending));
    },
    clear: () => entries.clear(),
  };
}

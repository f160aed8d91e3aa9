// Rate limits of API-key requests, counted in DynamoDB (rate-limiter-flexible's
// DynamoDB store) so every app instance shares one count: per key and, over all of a tenant's
// keys together, per tenant, each a fixed one-minute window. The counters live in their own
// table (`<table>-rate-limits`, hash key `key`, TTL `expire`), reached with the runtime's own
// credentials: they hold ids and counts, no tenant data.
import 'server-only';
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { RateLimiterDynamo, RateLimiterRes } from 'rate-limiter-flexible';
import { config } from '../config';
import { rateLimitTableName } from '../db/table';
import { tenancySettingsFromConfig } from '../tenancy';
import { rateLimited } from '../validation/errors';
import { SDK_RETRY } from '../db/retry-policy';

export const RATE_LIMIT_WINDOW_SECONDS = 60;

export interface RateLimits {
  perKey: number;
  perTenant: number;
}

/** What a request's answer tells the caller (RateLimit-* headers), from the tighter of the two. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export interface ApiRateLimiter {
  limits: RateLimits;
  /** Counts one request as `points` (default 1); throws request.rateLimited (429) when either window is spent. */
  consume(tenantId: string, keyId: string, points?: number): Promise<RateLimitState>;
}

/** One shared counter per id, in a fixed window, under its own key prefix in the rate-limit table. */
export const windowCounter = (store: DynamoDB, tableName: string, keyPrefix: string, points: number) =>
  new RateLimiterDynamo({ storeClient: store, tableName, keyPrefix, points, duration: RATE_LIMIT_WINDOW_SECONDS, tableCreated: true, ttlSet: true });

export function createApiRateLimiter(store: DynamoDB, tableName: string, limits: RateLimits): ApiRateLimiter {
  const byKey = windowCounter(store, tableName, 'api-key', limits.perKey);
  const byTenant = windowCounter(store, tableName, 'api-tenant', limits.perTenant);
  const state = (res: RateLimiterRes, limit: number): RateLimitState => ({
    limit, remaining: Math.max(0, res.remainingPoints), resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  const spent = (e: unknown, limit: number, scope: 'key' | 'organization') => {
    if (e instanceof RateLimiterRes) return rateLimited(Math.max(1, Math.ceil(e.msBeforeNext / 1000)), limit, scope);
    return e;
  };
  return {
    limits,
    async consume(tenantId, keyId, points = 1) {
      const key = await byKey.consume(keyId, points).catch((e) => { throw spent(e, limits.perKey, 'key'); });
      const tenant = await byTenant.consume(tenantId, points).catch((e) => { throw spent(e, limits.perTenant, 'organization'); });
      const a = state(key, limits.perKey);
      const b = state(tenant, limits.perTenant);
      return a.remaining <= b.remaining ? a : b;
    },
  };
}

let instance: ApiRateLimiter | undefined;

/** The rate-limit table and a client reaching it with the runtime's own credentials. */
export function rateLimitStore(): { store: DynamoDB; tableName: string } {
  const settings = tenancySettingsFromConfig(config());
  const store = new DynamoDB({ region: settings.region, endpoint: settings.dynamoDbEndpoint, credentials: settings.platformCredentials, ...SDK_RETRY });
  return { store, tableName: rateLimitTableName(settings.tableName) };
}

/** The process's limiter, configured from lib/config and the runtime's credentials. */
export function apiRateLimiter(): ApiRateLimiter {
  if (instance) return instance;
  const cfg = config();
  const { store, tableName } = rateLimitStore();
  return (instance = createApiRateLimiter(store, tableName, { perKey: cfg.ARBOR_API_RATE_PER_KEY, perTenant: cfg.ARBOR_API_RATE_PER_TENANT }));
}

/** The RateLimit-* headers (IETF draft names), and Retry-After on a refusal. */
export function rateLimitHeaders(s: RateLimitState): Record<string, string> {
  return { 'RateLimit-Limit': String(s.limit), 'RateLimit-Remaining': String(s.remaining), 'RateLimit-Reset': String(s.resetSeconds) };
}

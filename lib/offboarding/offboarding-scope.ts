// Who reads and deletes what when a tenant leaves. A tenant's own items (`T#<t>…`) go through
// `tenant`: the tenant's scoped credentials in the app (the scheduled deletion), the operator's in
// the CLI. Platform items (`TENANT#<t>`, its `DOMAIN#` claims, its `TOKEN#` items, the `USER#` /
// `EMAIL#` records of people who belong nowhere else, the GSI4 `USER#` links) go through
// `platform`: the runtime's credentials in the app, the operator's in the CLI. The API's rate-limit
// counters sit in a table of their own. See docs/offboarding.md and docs/tenant-isolation.md.
import type { PlatformDb, TenantDb } from '../db';

export interface OffboardingScope {
  tenant: TenantDb;
  platform: PlatformDb;
  /** The rate-limit table (`<table>-rate-limits`), when the caller's credentials reach it. */
  rateLimits?: PlatformDb;
}

/** A stored item, as the DocumentClient returns it. */
export type StoredItem = Record<string, unknown>;

export const itemId = (item: { PK?: unknown; SK?: unknown }) => `${String(item.PK)}\n${String(item.SK)}`;
export const keyOf = (item: StoredItem) => ({ PK: String(item.PK), SK: String(item.SK) });

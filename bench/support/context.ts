// What every bench section gets: the local stack, an unmetered direct client for seeding and
// checks, the bench's own tenancy (tenant-scoped STS credentials through the IAM-enforcing
// gateway, exactly as the app), a meter on every tenant client, the options and a logger.
import type { DocumentClient, TenantDb } from '../../lib/db';
import type { Tenancy } from '../../lib/tenancy';
import type { LocalStack } from '../../scripts/local-stack';
import type { SeededTenant } from '../seed/seed-tenant';
import type { BenchOptions } from './options';
import { attachMeter, type Meter } from './meter';
import { rawClient } from '../../test/support/raw-client';

export interface BenchContext {
  options: BenchOptions;
  stack: LocalStack;
  tableName: string;
  /** Straight to DynamoDB Local, unrestricted and unmetered. */
  direct: { client: DocumentClient; tableName: string };
  tenancy: Tenancy;
  meter: Meter;
  /** Seeded tenants by size (units). */
  tenants: Map<number, SeededTenant>;
  log(message: string): void;
}

/** A tenant-scoped TenantDb (warm credentials) whose requests the context's meter counts. */
export async function meteredTenantDb(ctx: BenchContext, tenantId: string): Promise<TenantDb> {
  const db = await ctx.tenancy.tenantDb(tenantId);
  attachMeter(rawClient(db), ctx.meter);
  return db;
}

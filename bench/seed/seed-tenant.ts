// A bench tenant: a fresh name and domain per run ("Bench 1000 k3f9x2ab"), its owner at that
// domain, loaded in bulk by scripts/seed/bulk-seed-tenant.ts with the numbered names every
// result so far was measured on.
import { ulid } from 'ulid';
import type { DocumentClient } from '../../lib/db';
import { bulkSeedTenant, type BulkSeedOptions, type BulkSeededTenant } from '../../scripts/seed/bulk-seed-tenant';
import type { PlanBuilder } from '../../scripts/seed/tenant-plan';

export interface SeedOptions {
  label: string;
  seed: number;
  membershipsPerUnit: number;
  peoplePerUnit: number;
  /** Builds the units under the root (the root exists already). */
  shape: (plan: PlanBuilder) => void;
  /** A role catalogue, and the share of memberships holding one of its roles. */
  catalogue?: BulkSeedOptions['catalogue'];
}

export type SeededTenant = BulkSeededTenant;

export async function seedTenant(direct: { client: DocumentClient; tableName: string }, options: SeedOptions): Promise<SeededTenant> {
  const { label, ...plan } = options;
  const run = ulid().toLowerCase().slice(-8);
  const domain = `${label.toLowerCase().replace(/[^a-z0-9]/g, '')}-${run}.test`;
  return bulkSeedTenant(direct, {
    ...plan, name: `${label} ${run}`, domain, owner: { email: `owner@${domain}`, name: `${label} Owner` },
  });
}

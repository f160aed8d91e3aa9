// The operator's erasure across every tenant the person belongs to (P2, GSI4 `USER#<user>`, all
// pages) and the one named, then their platform identity. Every tenant is surveyed first (a dry
// run), so a last-owner refusal anywhere stops the erasure before anything is written.
import 'server-only';
import type { AuditActor, PlatformDb, TenantDb } from '../db';
import { noPerson } from './errors';
import type { ErasureReport, TenantErasure } from './erasure-report';
import { eraseInTenant, resolvePerson, type ErasePersonInput } from './erase-person';
import { erasePlatformIdentity, tenantsOfUser } from './platform-identity';

export interface EverywhereScope {
  platform: PlatformDb;
  /** Access to one tenant (the operator's, or that tenant's scoped credentials). */
  tenantDb(tenantId: string): TenantDb | Promise<TenantDb>;
}

export async function erasePersonEverywhere(scope: EverywhereScope, actor: AuditActor, tenantId: string, input: ErasePersonInput): Promise<ErasureReport> {
  const named = await scope.tenantDb(tenantId);
  const { person, user } = await resolvePerson({ tenant: named, platform: scope.platform }, input);
  if (!person.userId && !person.email) throw noPerson();
  const tenantIds = [...new Set([tenantId, ...(person.userId ? await tenantsOfUser(scope.platform, person.userId) : [])])];
  const dbs = await Promise.all(tenantIds.map(async (t) => ({ tenantId: t, db: t === tenantId ? named : await scope.tenantDb(t) })));

  // Survey everywhere first: a refusal (the last owner somewhere) comes before any write.
  const planned: TenantErasure[] = [];
  for (const { db } of dbs) {
    const p = await eraseInTenant(db, actor, { ...person, names: [...person.names] }, true, scope.platform).catch(ignoreNothing);
    if (p) planned.push(p);
  }
  const results = input.dryRun ? planned : [];
  if (!input.dryRun) {
    for (const { db } of dbs) {
      const r = await eraseInTenant(db, actor, { ...person, names: [...person.names] }, false, scope.platform).catch(ignoreNothing);
      if (r) results.push(r);
    }
  }
  const platform = await erasePlatformIdentity(scope.platform, user, tenantIds, { dryRun: input.dryRun });
  return { ...(person.userId ? { userId: person.userId } : {}), tenants: results, platform: platform.outcome, otherTenants: platform.otherTenants };
}

/** A tenant with nothing about the person is simply not in the report. */
function ignoreNothing(e: unknown): undefined {
  if ((e as { code?: string })?.code === 'erasure.personNotFound') return undefined;
  throw e;
}

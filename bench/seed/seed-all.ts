// The tenants every bench run seeds: one per size (an org tree of that many units), one holding
// the subtrees that the move section moves back and forth, and the 50 small tenants of the
// credentials section.
import { randomBytes } from 'node:crypto';
import { createTenant } from '../../lib/tenants';
import type { BenchContext } from '../support/context';
import { seedTenant, type SeededTenant } from './seed-tenant';

/** Density used everywhere: one membership per unit on average, one person per two units. */
export const DENSITY = { membershipsPerUnit: 1, peoplePerUnit: 0.5 };

export async function seedSizeTenants(ctx: BenchContext) {
  for (const size of ctx.options.sizes) {
    const t = await seedTenant(ctx.direct, {
      label: `Bench ${size}`, seed: size, ...DENSITY,
      shape: (plan) => plan.grow(plan.rootUnit, size - 1),
    });
    ctx.tenants.set(size, t);
    ctx.log(`seeded ${size} units, ${t.memberships.length} memberships, ${t.people.length} people: ${t.itemCount} items in ${(t.seedMs / 1000).toFixed(1)} s (${Math.round(t.itemCount / (t.seedMs / 1000))} items/s)`);
  }
}

/** Runs of a move or delete of this size: large ones take minutes on two shared cores. */
export const treeRuns = (size: number, runs: number) => (size >= 10_000 ? Math.min(2, runs) : size >= 1000 ? Math.min(3, runs) : runs);

/**
 * Root → "Holder A" (the subtrees to move) and "Holder B" (where they go, and back), and "To
 * delete" (one subtree per delete run).
 */
export async function seedMoveTenant(ctx: BenchContext): Promise<SeededTenant> {
  const t = await seedTenant(ctx.direct, {
    label: 'Bench moves', seed: 7, ...DENSITY,
    shape: (plan) => {
      const a = plan.child(plan.rootUnit, 'Holder A');
      plan.child(plan.rootUnit, 'Holder B');
      const doomed = plan.child(plan.rootUnit, 'To delete');
      for (const size of ctx.options.moveSizes) {
        plan.subtree(`move-${size}`, a, size);
        // Each delete run takes a subtree of its own.
        for (let run = 0; run < treeRuns(size, ctx.options.runs); run++) plan.subtree(`delete-${size}-${run}`, doomed, size);
      }
    },
  });
  ctx.log(`seeded move tenant: ${t.units.length} units, ${t.memberships.length} memberships: ${t.itemCount} items in ${(t.seedMs / 1000).toFixed(1)} s`);
  return t;
}

/** Small tenants created through P4 (the credentials section only needs them to exist). */
export async function seedSmallTenants(ctx: BenchContext, count: number) {
  const run = randomBytes(4).toString('hex');
  const out: { tenantId: string; rootUnitId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const domain = `cred${i}-${run}.test`;
    const t = await createTenant(ctx.direct, { name: `Credentials ${i}`, domain, owner: { email: `owner@${domain}`, name: 'Owner' } });
    out.push(t);
  }
  return out;
}

// Every signed-in console page the browser section audits, and the records some of them need to
// show something: a custom role and people holding it, an access review of that role, a draft
// change set and a webhook endpoint, made in the screens' tenant through the app's own lib.
import { startReview } from '../../lib/access-reviews';
import { addOperations, createChangeSet } from '../../lib/change-sets';
import { isArborError } from '../../lib/errors';
import { addMembership, loadActorAccess } from '../../lib/members';
import { createRole } from '../../lib/roles';
import { createEndpoint } from '../../lib/webhooks';
import type { BenchContext } from '../support/context';
import type { SeededTenant } from '../seed/seed-tenant';
import { pickSubjects } from '../sections/screens';

export interface ConsoleRecords {
  /** The top unit (the tree as the console opens it) and a unit three levels down. */
  topUnitId: string;
  unitId: string;
  /** The person with the most memberships. */
  userId: string;
  roleKey: string;
  reviewId: string;
  setId: string;
  endpointId: string;
}

export interface ConsolePage {
  page: string;
  path: (r: ConsoleRecords) => string;
}

/** The console's pages, one per route under app/(console) that shows something of its own (`/` and `/units` redirect to the top unit). */
export const CONSOLE_PAGES: ConsolePage[] = [
  { page: 'tree', path: (r) => `/units/${r.topUnitId}` },
  { page: 'unit', path: (r) => `/units/${r.unitId}` },
  { page: 'members', path: () => '/members' },
  { page: 'member', path: (r) => `/members/${r.userId}` },
  { page: 'audit', path: () => '/audit' },
  { page: 'chart', path: () => '/chart' },
  { page: 'reorganizations', path: () => '/reorganizations' },
  { page: 'change-set', path: (r) => `/reorganizations/${r.setId}` },
  { page: 'reviews', path: () => '/reviews' },
  { page: 'review', path: (r) => `/reviews/${r.reviewId}` },
  { page: 'to-review', path: () => '/reviews/to-review' },
  { page: 'settings', path: () => '/settings' },
  { page: 'roles', path: () => '/settings/roles' },
  { page: 'role', path: (r) => `/settings/roles/${r.roleKey}` },
  { page: 'new-role', path: () => '/settings/roles/new' },
  { page: 'sso', path: () => '/settings/sso' },
  { page: 'domains', path: () => '/settings/domains' },
  { page: 'directory', path: () => '/settings/directory' },
  { page: 'import', path: () => '/settings/import' },
  { page: 'api-keys', path: () => '/settings/api-keys' },
  { page: 'webhooks', path: () => '/settings/webhooks' },
  { page: 'webhook', path: (r) => `/settings/webhooks/${r.endpointId}` },
  { page: 'audit-streaming', path: () => '/settings/audit-streaming' },
  { page: 'developers', path: () => '/developers' },
  // An area of the API reference, and the page of every schema.
  { page: 'developers-units', path: () => '/developers/units' },
  { page: 'developers-schemas', path: () => '/developers/schemas' },
];

/** People given the custom role (and so the review's items). */
const ROLE_HOLDERS = 30;

/** Makes the records the pages need, as the tenant's owner would through the console. */
export async function makeConsoleRecords(ctx: BenchContext, tenant: SeededTenant): Promise<ConsoleRecords> {
  const db = await ctx.tenancy.tenantDb(tenant.tenantId);
  const platform = ctx.tenancy.platformDb();
  const owner = { userId: tenant.owner.id, email: tenant.owner.email, name: tenant.owner.name };
  const { unit, person } = pickSubjects(tenant);

  const role = await createRole(db, owner, { key: 'bench-auditor', name: 'Auditor', description: 'Reads the audit log of their units.', permissions: ['audit.read'], reach: 'subtree' });
  const units = tenant.units.filter((u) => u.depth >= 1);
  let holders = 0;
  for (let i = 0; holders < ROLE_HOLDERS && i < tenant.people.length; i++) {
    try {
      await addMembership(db, owner, { unitId: units[(i * 37) % units.length].id, role: 'member', userId: tenant.people[i].id, roles: [role.key] });
      holders++;
    } catch (e) {
      // Already a member of that unit: the next person.
      if (!isArborError(e)) throw e;
    }
  }

  const access = await loadActorAccess(db, owner.userId);
  const review = await startReview(db, { actor: owner, access }, {
    name: 'Auditors', durationDays: 14, reminderDaysBefore: 0, defaultDecision: 'keep',
    coverage: { roles: [], customRoles: [role.key], permissions: [], apiKeys: false, guests: false, directoryRules: false },
  }, { platform });

  const leaves = tenant.units.filter((u) => u.childCount === 0 && u.depth >= 2).slice(0, 3);
  const set = await createChangeSet(db, owner, { name: 'Bench reorganization' });
  await addOperations(db, { ...owner, access }, set.setId, set.version, [
    ...leaves.map((u, i) => ({ kind: 'renameUnit', unitId: u.id, name: `Renamed team ${i + 1}` })),
    { kind: 'moveUnit', unitId: leaves[0].id, parentId: tenant.rootUnitId },
  ]);

  const { endpoint } = await createEndpoint({ tenant: db, platform }, owner, { url: 'http://127.0.0.1:9/arbor-bench' }, { allowPrivateNetworks: true });
  ctx.log(`browser: made a role held by ${holders}, a review of ${review.counts.items} items, a change set, a webhook endpoint`);
  return { topUnitId: tenant.rootUnitId, unitId: unit.id, userId: person.id, roleKey: role.key, reviewId: review.reviewId, setId: set.setId, endpointId: endpoint.endpointId };
}

// A tenant for the access-review suites: Engineering ⊃ Cloud, and Sales; an admin on the top unit,
// Ada managing Engineering, Bob managing Cloud, Cy a member of Cloud, Dee a member of Sales. The
// people are of example.test, a domain the tenant has not proven: guests.
import { keys, queryAll, type AuditActor, type TenantDb } from '../../lib/db';
import { addMembership, loadActorAccess } from '../../lib/members';
import type { ReviewActor, ReviewSettings } from '../../lib/access-reviews';
import { person, tenantWithTree } from '../members/fixtures';
import { testPlatformDb } from '../support/tenancy';

export async function reviewWorld(label = 'Reviews') {
  const t = await tenantWithTree(label);
  const owner: AuditActor = { ...t.owner, name: `${label} Owner` };
  const [admin, ada, bob, cy, dee] = [person('Ann Admin'), person('Ada Lovelace'), person('Bob Noyce'), person('Cy Young'), person('Dee Hock')];
  await addMembership(t.db, owner, { unitId: t.root.id, role: 'admin', ...admin });
  await addMembership(t.db, owner, { unitId: t.engineering.id, role: 'manager', ...ada });
  await addMembership(t.db, owner, { unitId: t.cloud.id, role: 'manager', ...bob });
  await addMembership(t.db, owner, { unitId: t.cloud.id, role: 'member', ...cy });
  await addMembership(t.db, owner, { unitId: t.sales.id, role: 'member', ...dee });
  return { ...t, owner, admin, ada, bob, cy, dee, platform: testPlatformDb() };
}

/** Who acts, as an entry point would load them. */
export async function actorOf(db: TenantDb, who: AuditActor): Promise<ReviewActor> {
  const access = await loadActorAccess(db, who.userId);
  return { actor: { userId: who.userId, email: who.email, ...(who.name ? { name: who.name } : {}) }, access };
}

const NOTHING = { roles: [], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false };

/** A review's settings: elevated built-in roles unless `coverage` names what else (the rest left out). */
export const settings = (over: Omit<Partial<ReviewSettings>, 'coverage'> & { coverage?: Partial<ReviewSettings['coverage']> } = {}): ReviewSettings => ({
  name: 'Quarterly review',
  durationDays: 14,
  reminderDaysBefore: 3,
  defaultDecision: 'keep',
  ...over,
  coverage: over.coverage ? { ...NOTHING, ...over.coverage } : { ...NOTHING, roles: ['owner', 'admin', 'manager'] },
});

/** Everything stored in the review's partition, straight from the table. */
export async function storedReview(db: TenantDb, reviewId: string) {
  return queryAll(db, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.accessReviewPartition(db.tenantId, reviewId) } });
}

// A tenant holding one of everything offboarding must find, made through the domain functions
// (units with name words, members, an invitation, the audit trail they write, a directory token,
// SSO, a proven and a pending domain, a setup link, an API key, a webhook endpoint with a queued
// delivery, a change set, an access review and a review schedule), and what a tenant occupies in the table, read straight from DynamoDB
// Local for before/after comparisons.
import { ulid } from 'ulid';
import { createSchedule, startReview } from '../../lib/access-reviews';
import { createApiKey } from '../../lib/api-keys';
import { batchGet, keys } from '../../lib/db';
import { addDomain, verificationValue, verifyDomain, setConnection } from '../../lib/domains';
import { createInvitation } from '../../lib/invitations';
import { addMembership, loadActorAccess } from '../../lib/members';
import { scanTenantItems, type StoredItem } from '../../lib/offboarding';
import { createUnit } from '../../lib/org';
import { addOperations, createChangeSet } from '../../lib/change-sets';
import { createScimToken } from '../../lib/scim';
import { createSetupLink } from '../../lib/setup-links';
import { getTenantSettings } from '../../lib/tenants';
import { createEndpoint, messageIdOf } from '../../lib/webhooks';
import { queueDeliveries } from '../../lib/webhooks/deliveries';
import { defineRoles, person } from '../members/fixtures';
import { publishTxt } from '../support/dns';
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';
import { testOperatorDb, testPlatformDb } from '../support/tenancy';

export async function seededTenant(label: string) {
  const t = await newTenant(label);
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: `${label} Owner` };
  const eng = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Engineering platform team' });
  const cloud = await createUnit(db, owner, { parentId: eng.id, name: 'Cloud' });
  const carl = { ...person('Carl Jones'), email: `carl@${t.domain}` };
  const mia = { ...person('Mia'), email: `mia@${t.domain}` };
  // A custom role held, so the restores and exports below carry the catalogue and the membership's roles.
  await defineRoles(t.tenantId, ['budget-approver']);
  await addMembership(db, owner, { unitId: cloud.id, role: 'member', roles: ['budget-approver'], ...carl });
  await addMembership(db, owner, { unitId: eng.id, role: 'manager', ...mia });
  await createInvitation(db, owner, { email: `ivy@${t.domain}`, unitId: cloud.id, role: 'member' });
  await createScimToken({ tenant: db, platform: testPlatformDb() }, { label: 'IdP', actor: owner });
  await setConnection(testOperatorDb(), t.tenantId, { issuer: 'https://idp.example.test', clientId: 'arbor', clientSecret: 'a secret', domains: [t.domain], jit: false });
  const proven = `proven-${ulid().toLowerCase()}.test`;
  await publishTxt(proven, [verificationValue(await addDomain(db, owner, proven))]);
  await verifyDomain(db, owner, proven);
  await addDomain(db, owner, `pending-${ulid().toLowerCase()}.test`);
  await createSetupLink(db, testPlatformDb(), owner, { label: 'IT admin' });
  await createApiKey({ tenant: db, platform: testPlatformDb() }, { name: 'CI', role: 'manager', unit: cloud, expiresInDays: 30, actor: owner });
  const { endpoint } = await createEndpoint({ tenant: db, platform: testPlatformDb() }, owner, { url: 'http://127.0.0.1:9/arbor' }, { allowPrivateNetworks: true });
  const event = {
    messageId: messageIdOf(ulid()), type: 'unit.created' as const, timestamp: new Date().toISOString(),
    data: { organizationId: t.tenantId, actor: { id: owner.userId, email: owner.email }, target: { type: 'unit', id: eng.id } },
  };
  await queueDeliveries(db, event, [endpoint.endpointId]);
  const actor = { ...owner, access: await loadActorAccess(db, owner.userId) };
  const set = await createChangeSet(db, actor, { name: 'Rename Cloud' });
  await addOperations(db, actor, set.setId, set.version, [{ kind: 'renameUnit', unitId: cloud.id, name: 'Cloud 2' }]);
  // An access review (header + items) and a schedule: found through GSI1 and the reviews' partition.
  const review = { name: 'Quarterly', durationDays: 14, reminderDaysBefore: 3, defaultDecision: 'keep' as const,
    coverage: { roles: ['owner' as const, 'admin' as const, 'manager' as const], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false } };
  const reviewer = { actor: owner, access: actor.access };
  await startReview(db, reviewer, review, { platform: testPlatformDb() });
  await createSchedule(db, reviewer, { ...review, everyMonths: 3, firstStartAt: new Date(Date.now() + 86_400_000).toISOString() });
  const name = (await getTenantSettings(db)).name;
  return { t, db, owner, eng, cloud, carl, mia, name, proven };
}

const direct = () => ({ client: directClient(), tableName: tableName() });
const id = (i: StoredItem) => `${String(i.PK)} ${String(i.SK)}`;

/**
 * Everything a tenant occupies, by "PK SK": its items (as the operator's Scan finds them) and the
 * `USER#`/`EMAIL#` records of the given people.
 */
export async function footprint(tenantId: string, userIds: string[] = []): Promise<Map<string, StoredItem>> {
  const { items } = await scanTenantItems(direct(), tenantId);
  const users = await batchGet(direct(), userIds.map((u) => keys.user(u)));
  const emails = await batchGet(direct(), users.map((u) => keys.userEmail(String(u.email))));
  return new Map([...items, ...users, ...emails].map((i) => [id(i), i]));
}

export const sortedIds = (m: Map<string, unknown>) => [...m.keys()].sort();

// Every mutation the API offers is conditioned on the facts its authorization used
// (docs/authorization.md, "Decisions bound into writes"). For each one, the real route handler runs
// as a person of the test's choosing, and between the decision and the first write the world
// changes under it: the target moves out of the manager's subtree, the actor is demoted or
// removed, or the unit that grants their role moves. Each time the request answers 409
// `authz.stale` (rows routes: every row refused with it) and the actor wrote nothing. A control run
// without a race shows each case does write. A new mutation route without its case here fails.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { entrySources } from '../../lib/api/with-actor';
import type { RequestActor } from '../../lib/auth';
import { listAudit } from '../../lib/audit';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Key, TenantDb } from '../../lib/db';
import { createInvitation } from '../../lib/invitations';
import { addMembership, changeRole, loadActorAccess, readUnitMember, removeMembership, type Role } from '../../lib/members';
import { createUnit, getUnitOrThrow, moveUnit } from '../../lib/org';
import { createScimToken } from '../../lib/scim';
import { createApiKey } from '../../lib/api-keys';
import { createEndpoint, messageIdOf } from '../../lib/webhooks';
import { type ChangeSetHeader, addOperations, applyChangeSet, createChangeSet, readChangeSet, reviewChangeSet, scheduleChangeSet } from '../../lib/change-sets';
import { queueDeliveries } from '../../lib/webhooks/deliveries';
import { addDomain, verificationValue, setConnection } from '../../lib/domains';
import { createSetupLink } from '../../lib/setup-links';
import { createPermission, createRole } from '../../lib/roles';
import { scheduleTenantDeletion } from '../../lib/offboarding';
import { getTenantSettings } from '../../lib/tenants';
import { ulid } from 'ulid';
import { completeReview, createSchedule, decideItem, listReviewItems, startReview, type ReviewHeader, type ReviewItem, type ReviewSchedule } from '../../lib/access-reviews';
import { createDestination, type Destination } from '../../lib/audit-streaming';
import { publishTxt } from '../support/dns';
import { defineRoles, person } from '../members/fixtures';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testOperatorDb, testPlatformDb } from '../support/tenancy';

const ROOT = resolve(import.meta.dirname, '../..');

/** Mutation routes that write nothing, each with its reason. */
const READ_ONLY: Record<string, string> = {
  'POST /api/v1/import/preview': 'checks a CSV against the organization and answers the plan; writes nothing',
  'POST /api/v1/directory/preview': 'computes what directory rules would change; writes nothing',
  'POST /api/v1/settings/sso/test': "starts a Test connection in the admin's browser (a flow cookie); writes nothing",
  'POST /api/v1/roles/[roleKey]/preview': "reads a role's holders and answers who would gain and lose what; writes nothing",
  'POST /api/v1/checks': 'answers whether a person holds a permission at a unit (a check operation); writes nothing',
  'POST /api/v1/checks/batch': 'answers up to 100 checks (a check operation); writes nothing',
  'POST /api/v1/checks/units': 'lists the units where a person holds a permission (a check operation); writes nothing',
  'POST /api/v1/checks/subjects': 'lists who holds a permission on a unit (a check operation); writes nothing',
  'POST /api/v1/change-sets/[setId]/checks': 'answers checks now and after a change set, simulated in memory (a check operation); writes nothing',
};

/**
 * Mutation routes whose writes are audited as another actor, so this suite's audit check cannot
 * see them; each with its reason.
 */
const SETUP_LINK = "a setup link's session, not a person's grant: every write is conditioned on the link's tenant entry, whose version a revocation changes (test/setup-links/setup-links.test.ts races it)";
const CARRIED_OUT: Record<string, string> = {
  'POST /api/saml/[tenantId]/acs': "no actor: an IdP's signed response; what it writes (used request ids and assertions, the verified response for its browser) is the sign-in's own bookkeeping (e2e/saml.spec.ts)",
  'PUT /api/setup/sso': SETUP_LINK,
  'PUT /api/setup/sso/enabled': SETUP_LINK,
  'POST /api/setup/sso/test': SETUP_LINK,
  'POST /api/setup/domains': SETUP_LINK,
  'DELETE /api/setup/domains/[domain]': SETUP_LINK,
  'POST /api/setup/domains/[domain]/verify': SETUP_LINK,
  'POST /api/setup/directory/tokens': SETUP_LINK,
  'POST /api/internal/run-due':
    "the scheduler's wake-up: starts change sets that were approved and scheduled by people (their starts are bound above, POST /api/v1/change-sets/[setId]/apply); the run applies as the person who scheduled it",
  'POST /api/v1/directory/apply':
    "places directory people by the rules PUT /api/v1/directory/rules saved (bound above), as the directory's actor: every write carries the admin's grant and the rules' version (lib/scim rulesGuard); the writes the IdP's next SCIM request makes anyway",
};

type Race = 'targetMoved' | 'demoted' | 'removed' | 'grantMoved';

/** Engineering ⊃ Platform ⊃ Cloud, and Sales; a manager of Engineering, an admin, people to act on. */
async function world() {
  const t = await newTenant('Bound');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const eng = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Engineering' });
  const plat = await createUnit(db, owner, { parentId: eng.id, name: 'Platform' });
  const cloud = await createUnit(db, owner, { parentId: plat.id, name: 'Cloud' });
  const sales = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Sales' });
  const mia = { ...person('Mia'), email: `mia@${t.domain}` };
  const ada = { ...person('Ada'), email: `ada@${t.domain}` };
  const carl = { ...person('Carl'), email: `carl@${t.domain}` };
  const bob = { ...person('Bob'), email: `bob@${t.domain}` };
  // A second owner, who acts where only owners may (the organization's deletion).
  const olga = { ...person('Olga'), email: `olga@${t.domain}` };
  await addMembership(db, owner, { unitId: eng.id, role: 'manager', ...mia });
  await addMembership(db, owner, { unitId: t.rootUnitId, role: 'admin', ...ada });
  await addMembership(db, owner, { unitId: cloud.id, role: 'member', ...carl });
  await addMembership(db, owner, { unitId: sales.id, role: 'member', ...bob });
  await addMembership(db, owner, { unitId: t.rootUnitId, role: 'owner', ...olga });
  await defineRoles(t.tenantId, ['budget-approver']);
  const tenantName = (await getTenantSettings(db)).name;
  const invitation = await createInvitation(db, owner, { email: `ivy@${t.domain}`, unitId: cloud.id, role: 'member' });
  const directoryToken = await createScimToken({ tenant: db, platform: testPlatformDb() }, { label: 'IdP', actor: owner });
  const connection = await setConnection(testOperatorDb(), t.tenantId, { issuer: 'https://idp.example.test', clientId: 'arbor', clientSecret: 's', domains: [t.domain], jit: false });
  // A domain waiting for its proof, its TXT record already published: Verify succeeds.
  const pendingDomain = `pending-${ulid().toLowerCase()}.test`;
  await publishTxt(pendingDomain, [verificationValue(await addDomain(db, owner, pendingDomain))]);
  const { link: setupLink } = await createSetupLink(db, testPlatformDb(), owner, { label: 'IT admin' });
  const { key: apiKey } = await createApiKey({ tenant: db, platform: testPlatformDb() }, { name: 'CI', role: 'manager', unit: cloud, expiresInDays: 30, actor: owner });
  const { endpoint: webhook } = await createEndpoint({ tenant: db, platform: testPlatformDb() }, owner, { url: 'http://127.0.0.1:9/arbor' }, { allowPrivateNetworks: true });
  const webhookEvent = { messageId: messageIdOf(ulid()), type: 'unit.created' as const, timestamp: new Date().toISOString(), data: { organizationId: t.tenantId, actor: { id: owner.userId, email: owner.email }, target: { type: 'unit', id: eng.id } } };
  await queueDeliveries(db, webhookEvent, [webhook.endpointId]);
  return { changeSet: undefined as ChangeSetHeader | undefined, review: undefined as ReviewHeader | undefined, reviewItems: [] as ReviewItem[], webhook, webhookEvent, t, db, owner, root: t.rootUnitId, tenantName, eng, plat, cloud, sales, mia, ada, carl, bob, olga, invitation, directoryToken, domain: t.domain, connection, pendingDomain, setupLink, apiKey };
}
type World = Awaited<ReturnType<typeof world>>;

interface Case {
  /** Who acts: Mia manages Engineering; Ada is an admin of the organization; Olga is its second owner. */
  as: 'mia' | 'ada' | 'olga';
  races: Race[];
  params?: (w: World) => Record<string, string>;
  query?: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
  /** The route answers one outcome per row (200) instead of refusing the whole request. */
  rows?: boolean;
  /** What the case needs besides the world (a change set in some state), made before the request. */
  prepare?: (w: World) => Promise<void>;
}

/**
 * A change set Mia (manager of Engineering) drafted: Platform renamed. `approved`: Ada approved it;
 * `scheduled`: and it waits for tomorrow; `applied`: and it was applied.
 */
async function changeSetIn(w: World, state: 'draft' | 'approved' | 'scheduled' | 'applied') {
  const access = await loadActorAccess(w.db, w.mia.userId);
  const mia = { ...w.mia, access };
  const ada = { ...w.ada, access: await loadActorAccess(w.db, w.ada.userId) };
  const created = await createChangeSet(w.db, mia, { name: 'Platform rename' });
  let set = await addOperations(w.db, mia, created.setId, created.version, [{ kind: 'renameUnit', unitId: w.plat.id, name: 'Platform Team' }]);
  if (state !== 'draft') await reviewChangeSet(w.db, ada, created.setId, { expectedVersion: set.header.version, decision: 'approve' });
  set = await readChangeSet(w.db, created.setId);
  if (state === 'scheduled') await scheduleChangeSet(w.db, mia, created.setId, set.header.version, new Date(Date.now() + 86_400_000).toISOString());
  if (state === 'applied') await applyChangeSet(w.db, mia, created.setId, set.header.version);
  w.changeSet = (await readChangeSet(w.db, created.setId)).header;
}
const setParams = (w: World) => ({ setId: w.changeSet!.setId });
const setVersion = (w: World) => ({ expectedVersion: w.changeSet!.version });

/** A role no one holds, and a permission no role holds, defined by the owner. */
const aRole = async (w: World) => void (await createRole(w.db, w.owner, { key: 'auditor', name: 'Auditor', permissions: ['audit.read'], reach: 'subtree' }));
const aPermission = async (w: World) => void (await createPermission(w.db, w.owner, { key: 'wiki.publish' }));

/** An access review schedule made by the first owner, for Olga (the second) to change. */
const reviewSchedules = new WeakMap<World, ReviewSchedule>();
async function aReviewSchedule(w: World) {
  const access = await loadActorAccess(w.db, w.owner.userId);
  reviewSchedules.set(w, await createSchedule(w.db, { actor: w.owner, access }, {
    name: 'Quarterly admins', coverage: { roles: ['admin'], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false },
    durationDays: 14, reminderDaysBefore: 3, defaultDecision: 'keep', everyMonths: 3, firstStartAt: new Date(Date.now() + 86_400_000).toISOString(),
  }));
}
const scheduleParams = (w: World) => ({ scheduleId: reviewSchedules.get(w)!.scheduleId });
/**
 * An access review of the elevated roles the owner started: Olga, the second owner, reviews the
 * first owner's own item. `completed`: the owner removed Mia's manager role and completed it.
 */
async function reviewIn(w: World, state: 'open' | 'completed') {
  const owner = { actor: w.owner, access: await loadActorAccess(w.db, w.owner.userId) };
  const settings = { name: 'Quarterly', coverage: { roles: ['owner', 'manager'] as ('owner' | 'manager')[], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false }, durationDays: 14, reminderDaysBefore: 0, defaultDecision: 'keep' as const };
  let review = await startReview(w.db, owner, settings, { platform: testPlatformDb() });
  w.reviewItems = (await listReviewItems(w.db, review.reviewId)).items;
  if (state === 'completed') {
    const mia = w.reviewItems.find((i) => i.subject.id === w.mia.userId)!;
    await decideItem(w.db, owner, review.reviewId, mia.itemId, mia.version, { value: 'remove', reason: 'moved' });
    review = await completeReview(w.db, owner, review.reviewId, review.version, { platform: testPlatformDb() });
  }
  w.review = review;
}
const reviewParams = (w: World) => ({ reviewId: w.review!.reviewId });

/** An HTTPS audit-stream destination the first owner added, for Olga (the second owner) to change. */
const destinations = new WeakMap<World, Destination>();
async function aDestination(w: World) {
  const { destination } = await createDestination(w.db, w.owner, { name: 'SIEM', settings: { kind: 'https', url: 'http://127.0.0.1:9/siem' } }, { platform: testPlatformDb(), policy: { allowPrivateNetworks: true } });
  destinations.set(w, destination);
}
const destinationParams = (w: World) => ({ destinationId: destinations.get(w)!.destinationId });
const destinationVersion = (w: World) => destinations.get(w)!.version;
/** The item Olga reviews: the first owner's. */
const olgasItem = (w: World) => w.reviewItems.find((i) => i.reviewer?.userId === w.olga.userId)!;

const UNIT_RACES: Race[] = ['targetMoved', 'demoted', 'removed', 'grantMoved'];
const TENANT_RACES: Race[] = ['demoted', 'removed'];
const version = async (w: World, unitId: string) => (await getUnitOrThrow(w.db, unitId)).version;

const CASES: Record<string, Case> = {
  'POST /api/v1/units': { as: 'mia', races: UNIT_RACES, body: (w) => ({ parentId: w.cloud.id, name: 'Edge' }) },
  'PATCH /api/v1/units/[unitId]': {
    as: 'mia', races: UNIT_RACES, params: (w) => ({ unitId: w.cloud.id }), body: (w) => ({ name: 'Cloud 2', expectedVersion: w.cloud.version }),
  },
  'DELETE /api/v1/units/[unitId]': {
    as: 'mia', races: UNIT_RACES, params: (w) => ({ unitId: w.cloud.id }),
    query: (w) => ({ expectedVersion: String(w.cloud.version), recursive: 'true' }),
  },
  'POST /api/v1/units/[unitId]/move': {
    as: 'mia', races: UNIT_RACES, params: (w) => ({ unitId: w.cloud.id }), body: (w) => ({ newParentId: w.eng.id, expectedVersion: w.cloud.version }),
  },
  'POST /api/v1/members/units/[unitId]': { as: 'mia', races: UNIT_RACES, params: (w) => ({ unitId: w.cloud.id }), body: (w) => ({ userId: w.bob.userId, role: 'member' }) },
  'PATCH /api/v1/members/units/[unitId]/[userId]': {
    as: 'mia', races: UNIT_RACES, params: (w) => ({ unitId: w.cloud.id, userId: w.carl.userId }), body: () => ({ role: 'manager', expectedVersion: 1 }),
  },
  'DELETE /api/v1/members/units/[unitId]/[userId]': {
    as: 'mia', races: UNIT_RACES, params: (w) => ({ unitId: w.cloud.id, userId: w.carl.userId }), body: () => ({ expectedVersion: 1 }),
  },
  // Custom roles are given by owners and admins until custom-role rules decide (docs/roles.md).
  'PUT /api/v1/units/[unitId]/members/[userId]/roles': {
    as: 'ada', races: TENANT_RACES, params: (w) => ({ unitId: w.cloud.id, userId: w.carl.userId }), body: () => ({ roles: ['budget-approver'], expectedVersion: 1 }),
  },
  'DELETE /api/v1/members/[userId]': { as: 'ada', races: TENANT_RACES, params: (w) => ({ userId: w.carl.userId }) },
  // Mia manages everywhere Carl is (Cloud): she names herself his manager. Platform moving out of
  // Engineering (with Cloud in it) takes Carl out of her reach: his unit's path is a fact.
  'PUT /api/v1/members/[userId]/manager': { as: 'mia', races: UNIT_RACES, params: (w) => ({ userId: w.carl.userId }), body: (w) => ({ managerId: w.mia.userId }) },
  // Erasure is for owners: Olga, the second owner (so the races can demote or remove her).
  'POST /api/v1/members/[userId]/erase': { as: 'olga', races: TENANT_RACES, params: (w) => ({ userId: w.carl.userId }), body: (w) => ({ confirmEmail: w.carl.email }) },
  'POST /api/v1/members/bulk': {
    as: 'ada', races: TENANT_RACES, rows: true, body: (w) => ({ action: 'changeRole', unitId: w.cloud.id, role: 'manager', userIds: [w.carl.userId] }),
  },
  'POST /api/v1/invitations': {
    as: 'mia', races: UNIT_RACES, body: (w) => ({ emails: [`new@${w.domain}`], unitId: w.cloud.id, role: 'member', confirmGuests: true }),
  },
  'DELETE /api/v1/invitations/[invitationId]': { as: 'mia', races: UNIT_RACES, params: (w) => ({ invitationId: w.invitation.id }), body: () => ({}) },
  'POST /api/v1/invitations/[invitationId]/link': {
    as: 'mia', races: UNIT_RACES, params: (w) => ({ invitationId: w.invitation.id }), body: () => ({ delivery: 'copy' }),
  },
  'POST /api/v1/import/apply': {
    as: 'ada', races: TENANT_RACES, rows: true, body: (w) => ({ kind: 'units', ops: [{ line: 2, name: 'Imported', parentId: w.cloud.id }] }),
  },
  'PATCH /api/v1/settings': { as: 'ada', races: TENANT_RACES, body: () => ({ name: 'Renamed organization', expectedVersion: 1 }) },
  'PATCH /api/v1/settings/change-set-approvals': { as: 'ada', races: TENANT_RACES, body: () => ({ ownersApproveOwnChangeSets: true, expectedVersion: 1 }) },
  'PUT /api/v1/settings/sso': {
    as: 'ada', races: TENANT_RACES,
    body: (w) => ({ issuer: 'https://idp.example.test', clientId: 'arbor', clientSecret: 'a-secret', domains: [w.domain], jit: false, expectedVersion: w.connection.version }),
  },
  'PUT /api/v1/settings/sso/enabled': { as: 'ada', races: TENANT_RACES, body: (w) => ({ enabled: false, expectedVersion: w.connection.version }) },
  'POST /api/v1/settings/domains': { as: 'ada', races: TENANT_RACES, body: () => ({ domain: `added-${ulid().toLowerCase()}.test` }) },
  'POST /api/v1/settings/domains/[domain]/verify': { as: 'ada', races: TENANT_RACES, params: (w) => ({ domain: w.pendingDomain }), body: () => ({}) },
  'DELETE /api/v1/settings/domains/[domain]': { as: 'ada', races: TENANT_RACES, params: (w) => ({ domain: w.pendingDomain }) },
  'POST /api/v1/settings/setup-links': { as: 'ada', races: TENANT_RACES, body: () => ({ label: 'Okta admin' }) },
  'DELETE /api/v1/settings/setup-links/[linkId]': { as: 'ada', races: TENANT_RACES, params: (w) => ({ linkId: w.setupLink.linkId }) },
  'POST /api/v1/directory/tokens': { as: 'ada', races: TENANT_RACES, body: () => ({ label: 'Okta' }) },
  'DELETE /api/v1/directory/tokens/[tokenId]': { as: 'ada', races: TENANT_RACES, params: (w) => ({ tokenId: w.directoryToken.tokenId }), body: () => ({}) },
  'POST /api/v1/api-keys': { as: 'ada', races: TENANT_RACES, body: (w) => ({ name: 'HR sync', unitId: w.cloud.id, role: 'manager', expiresInDays: 30 }) },
  'DELETE /api/v1/api-keys/[keyId]': { as: 'ada', races: TENANT_RACES, params: (w) => ({ keyId: w.apiKey.keyId }), body: () => ({}) },
  'POST /api/v1/webhooks': { as: 'ada', races: TENANT_RACES, body: () => ({ url: 'http://127.0.0.1:9/new' }) },
  'PATCH /api/v1/webhooks/[endpointId]': { as: 'ada', races: TENANT_RACES, params: (w) => ({ endpointId: w.webhook.endpointId }), body: (w) => ({ enabled: false, expectedVersion: w.webhook.version }) },
  'POST /api/v1/webhooks/[endpointId]/rotate-secret': {
    as: 'ada', races: TENANT_RACES, params: (w) => ({ endpointId: w.webhook.endpointId }), body: (w) => ({ expectedVersion: w.webhook.version }),
  },
  'DELETE /api/v1/webhooks/[endpointId]': { as: 'ada', races: TENANT_RACES, params: (w) => ({ endpointId: w.webhook.endpointId }) },
  'POST /api/v1/webhooks/[endpointId]/deliveries/[messageId]/resend': {
    as: 'ada', races: TENANT_RACES, params: (w) => ({ endpointId: w.webhook.endpointId, messageId: w.webhookEvent.messageId }),
  },
  'POST /api/v1/access-review-schedules': {
    as: 'olga', races: TENANT_RACES,
    body: () => ({
      name: 'Monthly keys', coverage: { roles: [], customRoles: [], permissions: [], apiKeys: true, guests: false, directoryRules: false },
      durationDays: 7, reminderDaysBefore: 2, defaultDecision: 'remove', everyMonths: 1, firstStartAt: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  },
  'PATCH /api/v1/access-review-schedules/[scheduleId]': {
    as: 'olga', races: TENANT_RACES, prepare: aReviewSchedule, params: scheduleParams, body: (w) => ({ enabled: false, expectedVersion: reviewSchedules.get(w)!.version }),
  },
  'DELETE /api/v1/access-review-schedules/[scheduleId]': {
    as: 'olga', races: TENANT_RACES, prepare: aReviewSchedule, params: scheduleParams, query: (w) => ({ expectedVersion: String(reviewSchedules.get(w)!.version) }),
  },
  'POST /api/v1/roles': { as: 'ada', races: TENANT_RACES, body: () => ({ key: 'wiki-editor', name: 'Wiki editor', permissions: ['tree.read'], reach: 'subtree' }) },
  'PATCH /api/v1/roles/[roleKey]': {
    as: 'ada', races: TENANT_RACES, prepare: aRole, params: () => ({ roleKey: 'auditor' }), body: () => ({ reach: 'below', expectedVersion: 1 }),
  },
  'DELETE /api/v1/roles/[roleKey]': { as: 'ada', races: TENANT_RACES, prepare: aRole, params: () => ({ roleKey: 'auditor' }), query: () => ({ expectedVersion: '1' }) },
  'POST /api/v1/permissions': { as: 'ada', races: TENANT_RACES, body: () => ({ key: 'expenses.approve', description: 'Approve expenses' }) },
  'PATCH /api/v1/permissions/[permissionKey]': {
    as: 'ada', races: TENANT_RACES, prepare: aPermission, params: () => ({ permissionKey: 'wiki.publish' }), body: () => ({ description: 'Publish pages' }),
  },
  'DELETE /api/v1/permissions/[permissionKey]': { as: 'ada', races: TENANT_RACES, prepare: aPermission, params: () => ({ permissionKey: 'wiki.publish' }) },
  'POST /api/v1/change-sets': { as: 'mia', races: ['demoted', 'removed', 'grantMoved'], body: () => ({ name: 'Q3 reorganization' }) },
  'PATCH /api/v1/change-sets/[setId]': {
    as: 'mia', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'draft'), params: setParams, body: (w) => ({ name: 'Platform rename, again', ...setVersion(w) }),
  },
  'DELETE /api/v1/change-sets/[setId]': {
    as: 'mia', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'draft'), params: setParams, query: (w) => ({ expectedVersion: String(w.changeSet!.version) }),
  },
  'POST /api/v1/change-sets/[setId]/operations': {
    as: 'mia', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'draft'), params: setParams,
    body: (w) => ({ ...setVersion(w), operations: [{ kind: 'renameUnit', unitId: w.cloud.id, name: 'Cloud 2' }] }),
  },
  'POST /api/v1/change-sets/[setId]/import': {
    as: 'mia', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'draft'), params: setParams,
    body: (w) => ({ ...setVersion(w), csv: 'action,unit,name\nrename,Engineering/Platform/Cloud,Cloud 2\n' }),
  },
  'DELETE /api/v1/change-sets/[setId]/operations/[seq]': {
    as: 'mia', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'draft'), params: (w) => ({ ...setParams(w), seq: '1' }), query: (w) => ({ expectedVersion: String(w.changeSet!.version) }),
  },
  'POST /api/v1/change-sets/[setId]/operations/[seq]/reconfirm': {
    as: 'mia', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'draft'), params: (w) => ({ ...setParams(w), seq: '1' }), body: setVersion,
  },
  'POST /api/v1/change-sets/[setId]/reviews': {
    as: 'ada', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'draft'), params: setParams, body: (w) => ({ ...setVersion(w), decision: 'approve' }),
  },
  'POST /api/v1/change-sets/[setId]/apply': { as: 'mia', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'approved'), params: setParams, body: setVersion },
  'DELETE /api/v1/change-sets/[setId]/apply': {
    as: 'mia', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'scheduled'), params: setParams, query: (w) => ({ expectedVersion: String(w.changeSet!.version) }),
  },
  'POST /api/v1/change-sets/[setId]/revert': { as: 'mia', races: UNIT_RACES, prepare: (w) => changeSetIn(w, 'applied'), params: setParams },
  'POST /api/v1/settings/deletion': { as: 'olga', races: TENANT_RACES, body: (w) => ({ confirmName: w.tenantName }) },
  'DELETE /api/v1/settings/deletion': {
    as: 'olga', races: TENANT_RACES, prepare: async (w) => void (await scheduleTenantDeletion(w.db, w.owner, { confirmName: w.tenantName })),
  },
  // Access reviews are run by owners: Olga, the second owner, so the races can demote or remove her.
  'POST /api/v1/access-reviews': {
    as: 'olga', races: TENANT_RACES,
    body: () => ({ name: 'Q3', coverage: { roles: ['manager'], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false }, durationDays: 14, reminderDaysBefore: 3, defaultDecision: 'keep' }),
  },
  'POST /api/v1/access-reviews/[reviewId]/items/[itemId]/decision': {
    as: 'olga', races: TENANT_RACES, prepare: (w) => reviewIn(w, 'open'),
    params: (w) => ({ ...reviewParams(w), itemId: olgasItem(w).itemId }), body: () => ({ value: 'keep', expectedVersion: 1 }),
  },
  'POST /api/v1/access-reviews/[reviewId]/decisions': {
    as: 'olga', races: TENANT_RACES, rows: true, prepare: (w) => reviewIn(w, 'open'),
    params: reviewParams, body: (w) => ({ items: [{ itemId: olgasItem(w).itemId, expectedVersion: 1 }], value: 'keep' }),
  },
  'POST /api/v1/access-reviews/[reviewId]/items/[itemId]/delegate': {
    as: 'olga', races: TENANT_RACES, prepare: (w) => reviewIn(w, 'open'),
    params: (w) => ({ ...reviewParams(w), itemId: olgasItem(w).itemId }), body: (w) => ({ toUserId: w.ada.userId, reason: 'away', expectedVersion: 1 }),
  },
  'POST /api/v1/access-reviews/[reviewId]/complete': {
    as: 'olga', races: TENANT_RACES, prepare: (w) => reviewIn(w, 'open'), params: reviewParams, body: (w) => ({ expectedVersion: w.review!.version }),
  },
  'POST /api/v1/access-reviews/[reviewId]/cancel': {
    as: 'olga', races: TENANT_RACES, prepare: (w) => reviewIn(w, 'open'), params: reviewParams, body: (w) => ({ expectedVersion: w.review!.version }),
  },
  'POST /api/v1/access-reviews/[reviewId]/revert': { as: 'olga', races: TENANT_RACES, prepare: (w) => reviewIn(w, 'completed'), params: reviewParams },
  // Audit streams are an owner's: Olga, the second owner, so the races can demote or remove her.
  'POST /api/v1/audit-streams': { as: 'olga', races: TENANT_RACES, body: () => ({ name: 'SIEM', settings: { kind: 'https', url: 'http://127.0.0.1:9/siem' } }) },
  'PATCH /api/v1/audit-streams/[destinationId]': {
    as: 'olga', races: TENANT_RACES, prepare: aDestination, params: destinationParams, body: (w) => ({ enabled: false, expectedVersion: destinationVersion(w) }),
  },
  'DELETE /api/v1/audit-streams/[destinationId]': {
    as: 'olga', races: TENANT_RACES, prepare: aDestination, params: destinationParams, query: (w) => ({ expectedVersion: String(destinationVersion(w)) }),
  },
  'POST /api/v1/audit-streams/[destinationId]/test': { as: 'olga', races: TENANT_RACES, prepare: aDestination, params: destinationParams, body: () => ({}) },
  'POST /api/v1/audit-streams/[destinationId]/backfill': {
    as: 'olga', races: TENANT_RACES, prepare: aDestination, params: destinationParams,
    body: (w) => ({ from: new Date(Date.now() - 86_400_000).toISOString(), expectedVersion: destinationVersion(w) }),
  },
  'PUT /api/v1/directory/rules': { as: 'ada', races: TENANT_RACES, body: () => ({ provider: 'okta', rules: { groups: [], departments: { separator: '/' } }, expectedVersion: 0 }) },
};

/** Every exported non-GET handler of app/api, as "METHOD /route". */
function mutationRoutes(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === 'route.ts') {
        const route = `/${relative(join(ROOT, 'app'), dir)}`;
        for (const [, method] of readFileSync(path, 'utf8').matchAll(/^export const (POST|PUT|PATCH|DELETE) =/gm)) found.push(`${method} ${route}`);
      }
    }
  };
  walk(join(ROOT, 'app/api'));
  return found.sort();
}

/** The items a request reads by key (GetItem, BatchGetItem), in order, as "PK SK". */
type ReadLog = string[];

async function actorFor(db: TenantDb, who: { userId: string; email: string; name: string }, reads: ReadLog): Promise<RequestActor> {
  const client = new Proxy(db.client, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return (command: { input: Record<string, unknown> }, ...rest: unknown[]) => {
        const input = command.input as { Key?: Key; RequestItems?: Record<string, { Keys?: Key[] }> };
        if (command instanceof GetCommand && input.Key) reads.push(`${input.Key.PK} ${input.Key.SK}`);
        if (command instanceof BatchGetCommand) for (const k of Object.values(input.RequestItems ?? {}).flatMap((r) => r.Keys ?? [])) reads.push(`${k.PK} ${k.SK}`);
        return (target.send as (...args: unknown[]) => unknown).call(target, command, ...rest);
      };
    },
  });
  return { ...(await loadActorAccess({ ...db, client }, who.userId)), email: who.email, name: who.name };
}

/** The world changed under the decision, by the owner, through the domain functions. */
async function race(w: World, kind: Race, actor: { userId: string }, grantUnit: string) {
  if (kind === 'targetMoved') {
    await moveUnit(w.db, w.owner, { unitId: w.plat.id, newParentId: w.sales.id, expectedVersion: await version(w, w.plat.id) });
  } else if (kind === 'grantMoved') {
    await moveUnit(w.db, w.owner, { unitId: w.eng.id, newParentId: w.sales.id, expectedVersion: await version(w, w.eng.id) });
  } else {
    const held = (await readUnitMember(w.db, grantUnit, actor.userId))!;
    if (kind === 'demoted') await changeRole(w.db, w.owner, { unitId: grantUnit, userId: actor.userId, role: 'member' satisfies Role, expectedVersion: held.version });
    else await removeMembership(w.db, w.owner, { unitId: grantUnit, userId: actor.userId, expectedVersion: held.version });
  }
}

async function run(key: string, c: Case, kind: Race | 'none') {
  const w = await world();
  const who = c.as === 'mia' ? w.mia : c.as === 'olga' ? w.olga : w.ada;
  const grantUnit = c.as === 'mia' ? w.eng.id : w.root;
  const reads: ReadLog = [];
  const actor = await actorFor(tenantDbFor(w.t.tenantId), who, reads);
  entrySources.load = async () => actor;
  entrySources.beforeFirstWrite = kind === 'none' ? undefined : () => race(w, kind, who, grantUnit);

  const [method, route] = key.split(' ');
  await c.prepare?.(w);
  // What the actor wrote while the case was prepared is not the request's.
  const earlier = new Set((await listAudit(w.db, { actorId: who.userId })).items.map((e) => e.id));
  const params = c.params?.(w) ?? {};
  const query = new URLSearchParams(c.query?.(w) ?? {});
  const path = route.replace(/\[(\w+)\]/g, (_, name: string) => params[name]);
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, (r: Request, ctx: unknown) => Promise<Response>>;
  const body = c.body?.(w);
  const request = new Request(`http://arbor.test${path}${query.size ? `?${query}` : ''}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const res = await mod[method](request, { params: Promise.resolve(params) });
  const json = res.status === 204 ? undefined : await res.json();
  const written = (await listAudit(w.db, { actorId: who.userId })).items.filter((e) => !earlier.has(e.id));
  return { res, json, written, reads };
}

describe('decisions bound into writes', () => {
  after(() => {
    entrySources.beforeFirstWrite = undefined;
  });

  test('every mutation route has its race case (or is listed as writing nothing)', () => {
    const routes = mutationRoutes();
    const covered = [...Object.keys(CASES), ...Object.keys(READ_ONLY), ...Object.keys(CARRIED_OUT)].sort();
    assert.deepEqual(routes.filter((r) => !covered.includes(r)), [], 'mutation routes without a race case');
    assert.deepEqual(covered.filter((r) => !routes.includes(r)), [], 'cases for routes that no longer exist');
  });

  for (const [key, c] of Object.entries(CASES)) {
    test(`${key}: writes without a race`, async () => {
      const { res, json, written, reads } = await run(key, c, 'none');
      assert.ok(res.status < 300, `${res.status} ${JSON.stringify(json)}`);
      // The route's read is the domain's: what the decision was made on is not read again.
      assert.deepEqual(reads.filter((r, i) => reads.indexOf(r) !== i), [], 'items read twice in one request');
      if (c.rows) assert.ok((json as { results: { ok: boolean }[] }).results.every((r) => r.ok), JSON.stringify(json));
      assert.ok(written.length > 0, 'the actor wrote');
    });
    for (const kind of c.races) {
      test(`${key}: ${kind} between the decision and the write → 409, nothing written`, async () => {
        const { res, json, written } = await run(key, c, kind);
        if (c.rows) {
          assert.equal(res.status, 200);
          const results = (json as { results: { ok: boolean; message: string }[] }).results;
          assert.ok(results.length > 0 && results.every((r) => !r.ok), JSON.stringify(json));
        } else {
          assert.equal(res.status, 409, JSON.stringify(json));
          assert.equal((json as { error: { code: string } }).error.code, 'authz.stale', JSON.stringify(json));
        }
        assert.deepEqual(written.map((e) => e.action), [], 'the actor wrote nothing');
      });
    }
  }
});

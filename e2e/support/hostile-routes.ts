// Every JSON route's input, described once for the hostile-input spec: a request that would be
// valid (real ids of a tenant of its own), and the kind of each field, so each field can be sent
// every hostile value of its kind while the rest of the request stays valid. A route file that
// exports a handler missing from this table fails the spec: new routes get their line here.
import type { FieldKind } from '../../test/hostile/corpus';

export interface Field {
  kind: FieldKind;
  /** The valid value; undefined leaves an optional field out of the valid request. */
  value: unknown;
  /** Names of corpus values this field legitimately accepts (e.g. an empty optional search). */
  accepts?: string[];
}

export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as its folder names it, e.g. `/api/v1/units/[unitId]`. */
  route: string;
  path?: Record<string, Field>;
  query?: Record<string, Field>;
  /** Body fields by dotted path (`ops.0.name`), with the valid body they sit in. */
  body?: { value: Record<string, unknown>; fields: Record<string, Field>; optional?: string[] };
  /** The route answers one outcome per row (200) instead of refusing the whole request. */
  rows?: boolean;
}

export interface HostileWorld {
  rootUnitId: string;
  unitId: string;
  otherUnitId: string;
  userId: string;
  /** A membership of `userId` in `otherUnitId`. */
  membershipUnitId: string;
  invitationId: string;
  jobId: string;
  /** An id nothing in the tenant has (a directory token to revoke, a directory group to map). */
  absentId: string;
  sso: { issuer: string; clientId: string; domain: string; version: number };
  tenantVersion: number;
}

/** The audit trail's filters (GET /api/v1/audit and its CSV export). */
const auditFilters = (w: HostileWorld): Record<string, Field> => ({
  actorId: { kind: 'id', value: w.userId },
  action: { kind: 'text', value: 'membership.add' },
  from: { kind: 'text', value: '2020-01-01T00:00:00.000Z' },
  to: { kind: 'text', value: undefined },
});

/** A role or permission key no tenant defines. */
const ABSENT_KEY = 'absent.key';
/** An empty key is the path of the list itself (a redirect there), not a key refused. */
const EMPTY_IS_THE_LIST = ['empty'];
/** Descriptions of roles and permissions are notes: blank is none, line breaks and any visible text are kept. */
const DESCRIPTIONS_KEPT = ['empty', 'blank', 'lineBreak', 'expanders40', 'expanders100'];

/** Routes with handlers that take no input at all. */
export const NO_INPUT = [
  'GET /api/health', 'GET /api/health/live', 'GET /api/health/ready', 'GET /api/v1/export/memberships.csv', 'GET /api/v1/export/units.csv', 'GET /api/v1/settings/sso', 'GET /api/v1/directory/tokens',
  'GET /api/v1/settings/domains', 'GET /api/v1/settings/setup-links', 'POST /api/v1/settings/sso/test',
  'GET /api/v1/api-keys', 'GET /api/v1/webhooks', 'GET /api/v1/openapi.json', 'GET /api/v1/roles',
  'GET /api/v1/audit-streams', 'GET /api/v1/access-review-schedules',
];

/**
 * Directory rules with one group mapping (to a group that does not exist), as the rules and
 * preview routes take them. Every request of the batch is refused: nothing is ever saved.
 */
const directoryRules = (w: HostileWorld) => ({
  value: { groups: [{ groupId: w.absentId, unitId: w.unitId, role: 'member' }] },
  fields: {
    'rules.groups.0.groupId': { kind: 'id', value: w.absentId },
    'rules.groups.0.unitId': { kind: 'id', value: w.unitId },
    'rules.groups.0.role': { kind: 'role', value: 'member' },
  } satisfies Record<string, Field>,
});

/** Routes tested by their own suites (next-auth's sign-in and callback: e2e/sso.spec.ts, and below). */
export const OWN_SUITE = [
  'GET /api/auth/[...nextauth]', 'POST /api/auth/[...nextauth]',
  // SAML's ACS takes the IdP's form post, its forged and hostile variants in e2e/saml.spec.ts.
  'POST /api/saml/[tenantId]/acs', 'GET /api/saml/[tenantId]/complete', 'GET /api/saml/[tenantId]/metadata',
  // A setup link's session, not a signed-in person's: the same bodies as the console's routes
  // below (lib/sso request-bodies), refused the same way; e2e/sso-setup.spec.ts and test/setup-links.
  'GET /api/setup/sso', 'PUT /api/setup/sso', 'PUT /api/setup/sso/enabled', 'POST /api/setup/sso/test',
  'GET /api/setup/domains', 'POST /api/setup/domains', 'DELETE /api/setup/domains/[domain]', 'POST /api/setup/domains/[domain]/verify',
  'POST /api/setup/directory/tokens',
  // The scheduler's wake-up reads only its bearer token, no JSON: a missing or wrong one answers 404
  // and starts nothing (test/change-sets/wake-up.test.ts).
  'POST /api/internal/run-due',
  // Owners' irreversible actions, each refused unless a typed confirmation matches: scheduling and
  // cancelling the organization's deletion (test/offboarding/deletion-route.test.ts: a wrong name,
  // admins, members) and erasing a person (test/erasure: a wrong email, oneself, the last owner).
  'POST /api/v1/settings/deletion', 'DELETE /api/v1/settings/deletion', 'POST /api/v1/members/[userId]/erase',
];

export function routeCases(w: HostileWorld): RouteCase[] {
  const unit = { unitId: { kind: 'id' as const, value: w.unitId } };
  const changeSet = { setId: { kind: 'id' as const, value: w.absentId } };
  const review = { reviewId: { kind: 'id' as const, value: w.absentId } };
  const reviewItem = { ...review, itemId: { kind: 'id' as const, value: w.absentId } };
  const search = (value: string, optional = false): Field => ({ kind: 'search', value, accepts: optional ? ['empty', 'blank'] : [] });
  return [
    // Access reviews. Only a new review is started here; every other route names a review that
    // does not exist, so a request that gets through answers 404 accessReview.notFound.
    { method: 'GET', route: '/api/v1/access-reviews', query: { cursor: { kind: 'cursor', value: undefined }, limit: { kind: 'int', value: undefined } } },
    {
      method: 'POST', route: '/api/v1/access-reviews',
      body: {
        value: { name: 'Hostile review', coverage: { roles: ['manager'], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false }, durationDays: 14, reminderDaysBefore: 3, defaultDecision: 'keep' },
        fields: {
          // A review's name is visible text up to 120 characters, any script (docs/access-reviews.md#limits).
          name: { kind: 'name', value: 'Hostile review', accepts: ['expanders40', 'expanders100'] },
          'coverage.roles.0': { kind: 'role', value: 'manager' },
          'coverage.apiKeys': { kind: 'boolean', value: false },
          durationDays: { kind: 'int', value: 14 },
          // 0 is "no reminder".
          reminderDaysBefore: { kind: 'int', value: 3, accepts: ['zero'] },
          defaultDecision: { kind: 'role', value: 'keep' },
        },
      },
    },
    { method: 'GET', route: '/api/v1/access-reviews/assigned', query: { cursor: { kind: 'cursor', value: undefined } } },
    { method: 'GET', route: '/api/v1/access-reviews/[reviewId]', path: review },
    {
      method: 'GET', route: '/api/v1/access-reviews/[reviewId]/items', path: review,
      query: { reviewerId: { kind: 'id', value: undefined }, undecided: { kind: 'role', value: undefined }, cursor: { kind: 'cursor', value: undefined } },
    },
    {
      method: 'POST', route: '/api/v1/access-reviews/[reviewId]/items/[itemId]/decision', path: reviewItem,
      body: {
        value: { value: 'remove', reason: 'Left the team', expectedVersion: 1 },
        fields: { value: { kind: 'role', value: 'remove' }, reason: { kind: 'text', value: 'Left the team' }, expectedVersion: { kind: 'version', value: 1 } },
        optional: ['reason'],
      },
    },
    {
      method: 'POST', route: '/api/v1/access-reviews/[reviewId]/decisions', path: review, rows: true,
      body: {
        value: { items: [{ itemId: w.absentId, expectedVersion: 1 }], value: 'keep' },
        fields: { 'items.0.itemId': { kind: 'id', value: w.absentId }, 'items.0.expectedVersion': { kind: 'version', value: 1 }, value: { kind: 'role', value: 'keep' } },
      },
    },
    {
      method: 'POST', route: '/api/v1/access-reviews/[reviewId]/items/[itemId]/delegate', path: reviewItem,
      body: {
        value: { toUserId: w.userId, reason: 'On leave', expectedVersion: 1 },
        fields: { toUserId: { kind: 'id', value: w.userId }, reason: { kind: 'text', value: 'On leave' }, expectedVersion: { kind: 'version', value: 1 } },
      },
    },
    { method: 'GET', route: '/api/v1/access-reviews/[reviewId]/items/[itemId]/reviewers', path: reviewItem, query: { email: { kind: 'text', value: undefined } } },
    {
      method: 'POST', route: '/api/v1/access-reviews/[reviewId]/complete', path: review,
      body: { value: { expectedVersion: 1 }, fields: { expectedVersion: { kind: 'version', value: 1 } }, optional: ['expectedVersion'] },
    },
    { method: 'POST', route: '/api/v1/access-reviews/[reviewId]/cancel', path: review, body: { value: { expectedVersion: 1 }, fields: { expectedVersion: { kind: 'version', value: 1 } } } },
    { method: 'POST', route: '/api/v1/access-reviews/[reviewId]/revert', path: review },
    // Change sets (reorganizations). Only a new set is created here; every other route names a
    // set that does not exist, so a request that gets through answers 404 changeSet.notFound.
    { method: 'GET', route: '/api/v1/change-sets', query: { cursor: { kind: 'cursor', value: undefined } } },
    {
      method: 'POST', route: '/api/v1/change-sets',
      body: {
        value: { name: 'Hostile reorg', description: 'Why we reorganize' },
        fields: {
          name: { kind: 'name', value: 'Hostile reorg' },
          // Empty (or blank, trimmed) is no description; a longer description may run over several lines.
          description: { kind: 'text', value: 'Why we reorganize', accepts: ['empty', 'blank', 'lineBreak', 'expanders40', 'expanders100'] },
        },
        optional: ['description'],
      },
    },
    { method: 'GET', route: '/api/v1/change-sets/[setId]', path: changeSet },
    {
      method: 'PATCH', route: '/api/v1/change-sets/[setId]',
      path: changeSet,
      body: {
        value: { name: 'Renamed reorg', description: 'Why we reorganize', expectedVersion: 1 },
        fields: { name: { kind: 'name', value: 'Renamed reorg' }, description: { kind: 'text', value: 'Why we reorganize' }, expectedVersion: { kind: 'version', value: 1 } },
        optional: ['description'],
      },
    },
    { method: 'DELETE', route: '/api/v1/change-sets/[setId]', path: changeSet, query: { expectedVersion: { kind: 'versionParam', value: '1' } } },
    {
      method: 'POST', route: '/api/v1/change-sets/[setId]/operations',
      path: changeSet,
      body: {
        value: {
          expectedVersion: 1,
          operations: [
            { kind: 'createUnit', parentId: w.unitId, name: 'Research', unitId: w.absentId },
            { kind: 'moveMember', userId: w.userId, fromUnitId: w.membershipUnitId, unitId: w.otherUnitId },
            { kind: 'changeRole', userId: w.userId, unitId: w.membershipUnitId, role: 'manager' },
          ],
        },
        fields: {
          expectedVersion: { kind: 'version', value: 1 },
          'operations.0.kind': { kind: 'role', value: 'createUnit' },
          'operations.0.parentId': { kind: 'id', value: w.unitId },
          'operations.0.name': { kind: 'name', value: 'Research' },
          'operations.0.unitId': { kind: 'id', value: w.absentId },
          'operations.1.userId': { kind: 'id', value: w.userId },
          'operations.1.fromUnitId': { kind: 'id', value: w.membershipUnitId },
          'operations.1.unitId': { kind: 'id', value: w.otherUnitId },
          'operations.2.role': { kind: 'role', value: 'manager' },
        },
        // A created unit's id is the caller's choice or Arbor's.
        optional: ['operations.0.unitId'],
      },
    },
    {
      method: 'POST', route: '/api/v1/change-sets/[setId]/import',
      path: changeSet,
      body: {
        value: { expectedVersion: 1, csv: 'action,unit,to,name,email,role\nrename,Engineering,,R&D,,' },
        fields: { expectedVersion: { kind: 'version', value: 1 }, csv: { kind: 'csv', value: 'action,unit,to,name,email,role\nrename,Engineering,,R&D,,' } },
      },
    },
    {
      method: 'DELETE', route: '/api/v1/change-sets/[setId]/operations/[seq]',
      path: { ...changeSet, seq: { kind: 'int', value: '1' } },
      query: { expectedVersion: { kind: 'versionParam', value: '1' } },
    },
    {
      method: 'POST', route: '/api/v1/change-sets/[setId]/operations/[seq]/reconfirm',
      path: { ...changeSet, seq: { kind: 'int', value: '1' } },
      body: { value: { expectedVersion: 1 }, fields: { expectedVersion: { kind: 'version', value: 1 } } },
    },
    { method: 'GET', route: '/api/v1/change-sets/[setId]/preview', path: changeSet },
    {
      method: 'POST', route: '/api/v1/change-sets/[setId]/reviews',
      path: changeSet,
      body: {
        value: { expectedVersion: 1, decision: 'reject', comment: 'Sales is not ready' },
        fields: { expectedVersion: { kind: 'version', value: 1 }, decision: { kind: 'role', value: 'reject' }, comment: { kind: 'text', value: 'Sales is not ready' } },
        optional: ['comment'],
      },
    },
    {
      method: 'POST', route: '/api/v1/change-sets/[setId]/apply',
      path: changeSet,
      body: {
        value: { expectedVersion: 1, at: '2030-01-01T09:00:00Z' },
        fields: { expectedVersion: { kind: 'version', value: 1 }, at: { kind: 'text', value: '2030-01-01T09:00:00Z' } },
        // Without a time it applies now.
        optional: ['at'],
      },
    },
    { method: 'DELETE', route: '/api/v1/change-sets/[setId]/apply', path: changeSet, query: { expectedVersion: { kind: 'versionParam', value: '1' } } },
    { method: 'POST', route: '/api/v1/change-sets/[setId]/revert', path: changeSet },
    {
      method: 'POST', route: '/api/v1/directory/tokens',
      body: { value: { label: 'Hostile' }, fields: { label: { kind: 'name', value: 'Hostile' } } },
    },
    // A token that does not exist: the only request that gets through (an empty body) answers 404.
    { method: 'DELETE', route: '/api/v1/directory/tokens/[tokenId]', path: { tokenId: { kind: 'id', value: w.absentId } }, body: { value: {}, fields: {} } },
    {
      method: 'PUT', route: '/api/v1/directory/rules',
      body: {
        value: { provider: 'okta', rules: directoryRules(w).value, expectedVersion: 0 },
        // 0 is the version of rules never saved: accepted, it would save them.
        fields: { provider: { kind: 'role', value: 'okta' }, ...directoryRules(w).fields, expectedVersion: { kind: 'version', value: 0, accepts: ['zero'] } },
      },
    },
    {
      method: 'POST', route: '/api/v1/directory/preview',
      body: { value: { provider: 'okta', rules: directoryRules(w).value }, fields: { provider: { kind: 'role', value: 'okta' }, ...directoryRules(w).fields } },
    },
    // Rules never saved: version 1 is not theirs, so even a well-formed page is refused (409).
    {
      method: 'POST', route: '/api/v1/directory/apply',
      body: { value: { expectedVersion: 1 }, fields: { expectedVersion: { kind: 'version', value: 1 }, cursor: { kind: 'cursor', value: undefined } }, optional: ['cursor'] },
    },
    { method: 'GET', route: '/api/v1/audit', query: { unitId: { kind: 'id', value: w.unitId }, ...auditFilters(w), cursor: { kind: 'cursor', value: undefined } } },
    // The org chart: its data, and its export (an SVG for the valid request: the cheapest format).
    { method: 'GET', route: '/api/v1/chart/units', query: { rootId: { kind: 'id', value: w.unitId } } },
    { method: 'GET', route: '/api/v1/chart/people', query: { rootUserId: { kind: 'id', value: undefined } } },
    {
      method: 'GET', route: '/api/v1/chart/export',
      query: {
        kind: { kind: 'role', value: 'units' }, format: { kind: 'role', value: 'svg' }, rootId: { kind: 'id', value: w.unitId },
        paper: { kind: 'role', value: 'a4' }, collapsed: { kind: 'text', value: w.otherUnitId, accepts: ['empty'] },
      },
    },
    { method: 'GET', route: '/api/v1/export/audit.csv', query: { unitId: { kind: 'id', value: w.unitId }, ...auditFilters(w) } },
    {
      method: 'POST', route: '/api/v1/import/apply', rows: true,
      body: {
        value: { kind: 'units', ops: [{ line: 2, name: 'Imported', parentId: w.unitId }], resolved: {} },
        fields: {
          kind: { kind: 'role', value: 'units' },
          'ops.0.line': { kind: 'int', value: 2 },
          'ops.0.name': { kind: 'name', value: 'Imported' },
          'ops.0.parentId': { kind: 'id', value: w.unitId },
        },
        optional: ['resolved', 'ops.0.parentId'],
      },
    },
    {
      method: 'POST', route: '/api/v1/import/apply', rows: true,
      body: {
        value: { kind: 'memberships', ops: [{ line: 2, unitId: w.unitId, email: 'imported@hostile-input.test', name: 'Imported Person', role: 'member' }] },
        fields: {
          'ops.0.unitId': { kind: 'id', value: w.unitId },
          'ops.0.email': { kind: 'email', value: 'imported@hostile-input.test' },
          'ops.0.name': { kind: 'name', value: 'Imported Person' },
          'ops.0.role': { kind: 'role', value: 'member' },
        },
        optional: ['ops.0.name'],
      },
    },
    {
      method: 'POST', route: '/api/v1/import/preview',
      body: { value: { kind: 'units', csv: 'path\nImported' }, fields: { kind: { kind: 'role', value: 'units' }, csv: { kind: 'csv', value: 'path\nImported' } } },
    },
    {
      method: 'DELETE', route: '/api/v1/invitations/[invitationId]',
      path: { invitationId: { kind: 'id', value: w.invitationId } },
      body: { value: { expectedVersion: 1 }, fields: { expectedVersion: { kind: 'version', value: 1 } }, optional: ['expectedVersion'] },
    },
    {
      method: 'POST', route: '/api/v1/invitations',
      body: {
        // hostile-input.test is no tenant's domain: a guest address, invited with the confirmation.
        value: { emails: ['newcomer@hostile-input.test'], unitId: w.unitId, role: 'member', ttlDays: 7, confirmGuests: true },
        fields: {
          'emails.0': { kind: 'email', value: 'newcomer@hostile-input.test' },
          unitId: { kind: 'id', value: w.unitId },
          role: { kind: 'role', value: 'member' },
          ttlDays: { kind: 'int', value: 7 },
          confirmGuests: { kind: 'boolean', value: true },
        },
        optional: ['ttlDays', 'confirmGuests'],
      },
    },
    {
      method: 'POST', route: '/api/v1/invitations/[invitationId]/link',
      path: { invitationId: { kind: 'id', value: w.invitationId } },
      body: {
        value: { delivery: 'copy', expectedVersion: 1 },
        fields: { delivery: { kind: 'role', value: 'copy' }, expectedVersion: { kind: 'version', value: 1 } },
        optional: ['expectedVersion'],
      },
    },
    { method: 'GET', route: '/api/v1/jobs/[jobId]', path: { jobId: { kind: 'id', value: w.jobId } } },
    { method: 'GET', route: '/api/v1/members/[userId]', path: { userId: { kind: 'id', value: w.userId } } },
    { method: 'DELETE', route: '/api/v1/members/[userId]', path: { userId: { kind: 'id', value: w.userId } } },
    { method: 'GET', route: '/api/v1/members/[userId]/manager', path: { userId: { kind: 'id', value: w.userId } } },
    {
      // Clearing a line that is not there: valid, and changes nothing.
      method: 'PUT', route: '/api/v1/members/[userId]/manager',
      path: { userId: { kind: 'id', value: w.userId } },
      body: {
        value: { managerId: null },
        fields: { managerId: { kind: 'id', value: null, accepts: ['null'] }, expectedVersion: { kind: 'version', value: undefined } },
        optional: ['expectedVersion'],
      },
    },
    {
      method: 'GET', route: '/api/v1/members/[userId]/reports',
      path: { userId: { kind: 'id', value: w.userId } },
      query: { cursor: { kind: 'cursor', value: undefined }, limit: { kind: 'int', value: undefined } },
    },
    { method: 'GET', route: '/api/v1/members', query: { q: search('bea', true), cursor: { kind: 'cursor', value: undefined } } },
    { method: 'GET', route: '/api/v1/members', query: { forUnit: { kind: 'id', value: w.unitId }, q: search('bea', true) } },
    {
      method: 'GET', route: '/api/v1/members',
      query: { sort: { kind: 'role', value: 'joined' }, role: { kind: 'role', value: 'member' }, unit: { kind: 'id', value: w.unitId } },
    },
    {
      method: 'POST', route: '/api/v1/members/bulk', rows: true,
      body: {
        value: { action: 'changeRole', unitId: w.otherUnitId, role: 'member', userIds: [w.userId] },
        fields: { action: { kind: 'role', value: 'changeRole' }, unitId: { kind: 'id', value: w.otherUnitId }, role: { kind: 'role', value: 'member' }, 'userIds.0': { kind: 'id', value: w.userId } },
      },
    },
    {
      method: 'PATCH', route: '/api/v1/members/units/[unitId]/[userId]',
      path: { unitId: { kind: 'id', value: w.membershipUnitId }, userId: { kind: 'id', value: w.userId } },
      body: { value: { role: 'manager', expectedVersion: 1 }, fields: { role: { kind: 'role', value: 'manager' }, expectedVersion: { kind: 'version', value: 1 } } },
    },
    {
      method: 'DELETE', route: '/api/v1/members/units/[unitId]/[userId]',
      path: { unitId: { kind: 'id', value: w.membershipUnitId }, userId: { kind: 'id', value: w.userId } },
      body: { value: { expectedVersion: 1 }, fields: { expectedVersion: { kind: 'version', value: 1 } } },
    },
    {
      method: 'GET', route: '/api/v1/members/units/[unitId]',
      path: unit,
      query: { scope: { kind: 'role', value: 'subtree' }, cursor: { kind: 'cursor', value: undefined } },
    },
    {
      method: 'POST', route: '/api/v1/members/units/[unitId]',
      path: unit,
      body: {
        value: { userId: w.userId, role: 'member', roles: ['approver'] },
        fields: { userId: { kind: 'id', value: w.userId }, role: { kind: 'role', value: 'member' }, 'roles.0': { kind: 'role', value: 'approver' } },
        optional: ['roles.0'],
      },
    },
    {
      method: 'PUT', route: '/api/v1/units/[unitId]/members/[userId]/roles',
      path: { unitId: { kind: 'id', value: w.membershipUnitId }, userId: { kind: 'id', value: w.userId } },
      body: {
        value: { roles: ['approver'], expectedVersion: 1 },
        fields: { 'roles.0': { kind: 'role', value: 'approver' }, expectedVersion: { kind: 'version', value: 1 } },
        // Without it, the list is empty: a valid request (no custom roles).
        optional: ['roles.0'],
      },
    },
    {
      method: 'GET', route: '/api/v1/roles/[roleKey]/holders',
      path: { roleKey: { kind: 'role', value: 'approver' } },
      query: { cursor: { kind: 'cursor', value: undefined }, limit: { kind: 'int', value: undefined } },
    },
    { method: 'GET', route: '/api/v1/members/units', query: { q: search('Eng') } },
    { method: 'GET', route: '/api/v1/search', query: { q: search('Eng') } },
    {
      method: 'PATCH', route: '/api/v1/settings',
      body: { value: { name: 'Renamed', expectedVersion: w.tenantVersion }, fields: { name: { kind: 'name', value: 'Renamed' }, expectedVersion: { kind: 'version', value: w.tenantVersion } } },
    },
    {
      method: 'PATCH', route: '/api/v1/settings/change-set-approvals',
      body: {
        value: { ownersApproveOwnChangeSets: true, expectedVersion: w.tenantVersion },
        fields: { ownersApproveOwnChangeSets: { kind: 'boolean', value: true }, expectedVersion: { kind: 'version', value: w.tenantVersion } },
      },
    },
    {
      method: 'PUT', route: '/api/v1/settings/sso',
      body: {
        value: { issuer: w.sso.issuer, clientId: w.sso.clientId, domains: [w.sso.domain], jit: false, expectedVersion: w.sso.version },
        fields: {
          issuer: { kind: 'text', value: w.sso.issuer },
          clientId: { kind: 'opaque', value: w.sso.clientId },
          clientSecret: { kind: 'opaque', value: 'a-new-secret' },
          'domains.0': { kind: 'domain', value: w.sso.domain },
          jit: { kind: 'boolean', value: false },
          expectedVersion: { kind: 'version', value: w.sso.version },
        },
        optional: ['expectedVersion', 'clientSecret'],
      },
    },
    {
      method: 'PUT', route: '/api/v1/settings/sso/enabled',
      body: {
        value: { enabled: true, expectedVersion: w.sso.version },
        fields: { enabled: { kind: 'boolean', value: true }, expectedVersion: { kind: 'version', value: w.sso.version } },
      },
    },
    { method: 'POST', route: '/api/v1/settings/domains', body: { value: { domain: `new-${w.sso.domain}` }, fields: { domain: { kind: 'domain', value: `new-${w.sso.domain}` } } } },
    { method: 'DELETE', route: '/api/v1/settings/domains/[domain]', path: { domain: { kind: 'domain', value: `absent-${w.sso.domain}` } } },
    { method: 'POST', route: '/api/v1/settings/domains/[domain]/verify', path: { domain: { kind: 'domain', value: `absent-${w.sso.domain}` } } },
    {
      method: 'POST', route: '/api/v1/settings/setup-links',
      body: { value: { label: 'IT admin', days: 3 }, fields: { label: { kind: 'name', value: 'IT admin' }, days: { kind: 'int', value: 3 } }, optional: ['days'] },
    },
    { method: 'DELETE', route: '/api/v1/settings/setup-links/[linkId]', path: { linkId: { kind: 'id', value: w.absentId } } },
    {
      method: 'GET', route: '/api/v1/units/[unitId]/children',
      path: unit,
      query: { cursor: { kind: 'cursor', value: undefined }, limit: { kind: 'int', value: '10' }, moving: { kind: 'id', value: w.otherUnitId } },
    },
    { method: 'GET', route: '/api/v1/units/[unitId]/counts', path: unit },
    { method: 'GET', route: '/api/v1/units/[unitId]/destinations', path: unit, query: { q: search('Eng') } },
    { method: 'GET', route: '/api/v1/units/[unitId]/move', path: unit },
    {
      method: 'POST', route: '/api/v1/units/[unitId]/move',
      path: unit,
      body: { value: { newParentId: w.otherUnitId, expectedVersion: 1 }, fields: { newParentId: { kind: 'id', value: w.otherUnitId }, expectedVersion: { kind: 'version', value: 1 } } },
    },
    { method: 'GET', route: '/api/v1/units/[unitId]', path: unit },
    {
      method: 'PATCH', route: '/api/v1/units/[unitId]',
      path: unit,
      body: { value: { name: 'Renamed', expectedVersion: 1 }, fields: { name: { kind: 'name', value: 'Renamed' }, expectedVersion: { kind: 'version', value: 1 } } },
    },
    {
      method: 'DELETE', route: '/api/v1/units/[unitId]',
      path: unit,
      query: { expectedVersion: { kind: 'versionParam', value: '1' }, recursive: { kind: 'role', value: 'true' } },
    },
    { method: 'GET', route: '/api/v1/units/[unitId]/tree', path: unit },
    {
      method: 'POST', route: '/api/v1/units',
      body: { value: { parentId: w.unitId, name: 'Created' }, fields: { parentId: { kind: 'id', value: w.unitId }, name: { kind: 'name', value: 'Created' } } },
    },
    {
      method: 'POST', route: '/api/v1/api-keys',
      body: {
        value: { name: 'Hostile', unitId: w.unitId, role: 'member', expiresInDays: 30 },
        fields: {
          name: { kind: 'name', value: 'Hostile' },
          unitId: { kind: 'id', value: w.unitId },
          role: { kind: 'role', value: 'member' },
          expiresInDays: { kind: 'int', value: 30 },
        },
      },
    },
    // Keys and endpoints that do not exist: a request that gets through answers 404. The console
    // sends these with an empty JSON body, which the routes do not read.
    { method: 'DELETE', route: '/api/v1/api-keys/[keyId]', path: { keyId: { kind: 'id', value: w.absentId } }, body: { value: {}, fields: {} } },
    {
      method: 'POST', route: '/api/v1/webhooks',
      body: {
        value: { url: 'https://hooks.example.com/arbor', description: 'HR system', eventTypes: ['unit.created'] },
        fields: {
          url: { kind: 'text', value: 'https://hooks.example.com/arbor' },
          // Empty (or blank, trimmed) is no description.
          description: { kind: 'text', value: 'HR system', accepts: ['empty', 'blank'] },
          'eventTypes.0': { kind: 'role', value: 'unit.created' },
        },
        // No description, or no event types (every event), is a valid endpoint.
        optional: ['description', 'eventTypes.0'],
      },
    },
    {
      method: 'PATCH', route: '/api/v1/webhooks/[endpointId]',
      path: { endpointId: { kind: 'id', value: w.absentId } },
      body: {
        value: { url: 'https://hooks.example.com/arbor', description: 'HR system', eventTypes: ['unit.created'], enabled: true, expectedVersion: 1 },
        fields: {
          url: { kind: 'text', value: 'https://hooks.example.com/arbor' },
          description: { kind: 'text', value: 'HR system' },
          'eventTypes.0': { kind: 'role', value: 'unit.created' },
          enabled: { kind: 'boolean', value: true },
          expectedVersion: { kind: 'version', value: 1 },
        },
        optional: ['url', 'description', 'eventTypes.0', 'enabled'],
      },
    },
    { method: 'DELETE', route: '/api/v1/webhooks/[endpointId]', path: { endpointId: { kind: 'id', value: w.absentId } }, body: { value: {}, fields: {} } },
    // Access review schedules and evidence: a new schedule is made; every other route names one
    // (or a review) that does not exist, so a request that gets through answers 404.
    {
      method: 'POST', route: '/api/v1/access-review-schedules',
      body: {
        value: {
          name: 'Hostile review', coverage: { roles: ['admin'], customRoles: ['auditor'], permissions: ['audit.read'], apiKeys: true, guests: false, directoryRules: false },
          durationDays: 14, reminderDaysBefore: 3, defaultDecision: 'keep', everyMonths: 3, firstStartAt: '2099-01-01T09:00:00.000Z',
        },
        fields: {
          name: { kind: 'name', value: 'Hostile review', accepts: ['expanders40', 'expanders100'] },
          'coverage.roles.0': { kind: 'role', value: 'admin' },
          'coverage.customRoles.0': { kind: 'opaque', value: 'auditor' },
          'coverage.permissions.0': { kind: 'opaque', value: 'audit.read' },
          'coverage.apiKeys': { kind: 'boolean', value: true },
          durationDays: { kind: 'int', value: 14 },
          reminderDaysBefore: { kind: 'int', value: 3 },
          defaultDecision: { kind: 'role', value: 'keep' },
          everyMonths: { kind: 'int', value: 3 },
          firstStartAt: { kind: 'opaque', value: '2099-01-01T09:00:00.000Z' },
        },
        optional: ['coverage.customRoles.0', 'coverage.permissions.0'],
      },
    },
    {
      method: 'PATCH', route: '/api/v1/access-review-schedules/[scheduleId]',
      path: { scheduleId: { kind: 'id', value: w.absentId } },
      body: {
        value: { name: 'Hostile review', enabled: false, expectedVersion: 1 },
        fields: { name: { kind: 'name', value: 'Hostile review', accepts: ['expanders40', 'expanders100'] }, enabled: { kind: 'boolean', value: false }, expectedVersion: { kind: 'version', value: 1 } },
        optional: ['name', 'enabled'],
      },
    },
    {
      method: 'DELETE', route: '/api/v1/access-review-schedules/[scheduleId]',
      path: { scheduleId: { kind: 'id', value: w.absentId } }, query: { expectedVersion: { kind: 'versionParam', value: '1' } },
    },
    {
      method: 'GET', route: '/api/v1/access-reviews/[reviewId]/evidence',
      path: { reviewId: { kind: 'id', value: w.absentId } }, query: { format: { kind: 'role', value: 'csv' } },
    },
    {
      method: 'POST', route: '/api/v1/webhooks/[endpointId]/rotate-secret',
      path: { endpointId: { kind: 'id', value: w.absentId } },
      body: { value: { expectedVersion: 1 }, fields: { expectedVersion: { kind: 'version', value: 1 } } },
    },
    {
      method: 'GET', route: '/api/v1/webhooks/[endpointId]/deliveries',
      path: { endpointId: { kind: 'id', value: w.absentId } },
      query: { cursor: { kind: 'cursor', value: undefined } },
    },
    // Roles and permissions: a new key whose every field is refused, and keys that do not exist
    // (a request that gets through answers 404). A description may be blank, span lines, or be
    // any visible text up to its length: those are stored, so they are not sent here.
    {
      method: 'POST', route: '/api/v1/roles',
      body: {
        value: { key: 'hostile-role', name: 'Hostile', description: 'A role', permissions: ['tree.read'], reach: 'unit' },
        fields: {
          key: { kind: 'text', value: 'hostile-role' },
          name: { kind: 'name', value: 'Hostile' },
          description: { kind: 'text', value: 'A role', accepts: DESCRIPTIONS_KEPT },
          'permissions.0': { kind: 'text', value: 'tree.read' },
          reach: { kind: 'role', value: 'unit' },
        },
        optional: ['description'],
      },
    },
    { method: 'GET', route: '/api/v1/roles/[roleKey]', path: { roleKey: { kind: 'text', value: ABSENT_KEY, accepts: EMPTY_IS_THE_LIST } } },
    {
      method: 'PATCH', route: '/api/v1/roles/[roleKey]',
      path: { roleKey: { kind: 'text', value: ABSENT_KEY, accepts: EMPTY_IS_THE_LIST } },
      body: {
        value: { name: 'Hostile', description: 'A role', permissions: ['tree.read'], reach: 'unit', expectedVersion: 1 },
        fields: {
          name: { kind: 'name', value: 'Hostile' },
          description: { kind: 'text', value: 'A role' },
          'permissions.0': { kind: 'text', value: 'tree.read' },
          reach: { kind: 'role', value: 'unit' },
          expectedVersion: { kind: 'version', value: 1 },
        },
        optional: ['name', 'description', 'permissions.0', 'reach'],
      },
    },
    {
      method: 'DELETE', route: '/api/v1/roles/[roleKey]',
      path: { roleKey: { kind: 'text', value: ABSENT_KEY, accepts: EMPTY_IS_THE_LIST } },
      query: { replaceWith: { kind: 'text', value: 'none' }, expectedVersion: { kind: 'versionParam', value: '1' } },
    },
    {
      method: 'POST', route: '/api/v1/roles/[roleKey]/preview',
      path: { roleKey: { kind: 'text', value: ABSENT_KEY, accepts: EMPTY_IS_THE_LIST } },
      body: {
        value: { permissions: ['tree.read'], reach: 'unit' },
        fields: { 'permissions.0': { kind: 'text', value: 'tree.read' }, reach: { kind: 'role', value: 'unit' } },
        optional: ['permissions.0', 'reach'],
      },
    },
    {
      method: 'POST', route: '/api/v1/permissions',
      body: {
        value: { key: 'hostile.permission', description: 'A permission' },
        fields: { key: { kind: 'text', value: 'hostile.permission' }, description: { kind: 'text', value: 'A permission', accepts: DESCRIPTIONS_KEPT } },
        optional: ['description'],
      },
    },
    {
      method: 'PATCH', route: '/api/v1/permissions/[permissionKey]',
      path: { permissionKey: { kind: 'text', value: ABSENT_KEY, accepts: EMPTY_IS_THE_LIST } },
      body: { value: { description: 'A permission' }, fields: { description: { kind: 'text', value: 'A permission' } } },
    },
    { method: 'DELETE', route: '/api/v1/permissions/[permissionKey]', path: { permissionKey: { kind: 'text', value: ABSENT_KEY, accepts: EMPTY_IS_THE_LIST } } },
    // Checks: a well-formed question about a real person and unit; each field refused on its own.
    {
      method: 'POST', route: '/api/v1/checks',
      body: {
        value: { subject: { userId: w.userId }, permission: 'tree.read', unitId: w.unitId, explain: true, consistency: { mode: 'fullyConsistent' } },
        fields: {
          'subject.userId': { kind: 'id', value: w.userId },
          permission: { kind: 'text', value: 'tree.read' },
          unitId: { kind: 'id', value: w.unitId },
          explain: { kind: 'boolean', value: true },
          'consistency.mode': { kind: 'role', value: 'fullyConsistent' },
        },
        optional: ['explain', 'consistency.mode'],
      },
    },
    {
      method: 'POST', route: '/api/v1/checks/batch',
      body: {
        value: { checks: [{ subject: { userId: w.userId }, permission: 'tree.read', unitId: w.unitId }], consistency: { mode: 'atLeastAsFresh', token: 'v1.0' } },
        fields: {
          'checks.0.subject.userId': { kind: 'id', value: w.userId },
          'checks.0.permission': { kind: 'text', value: 'tree.read' },
          'checks.0.unitId': { kind: 'id', value: w.unitId },
          'consistency.token': { kind: 'text', value: 'v1.0' },
        },
      },
    },
    {
      method: 'POST', route: '/api/v1/checks/units',
      body: {
        value: { subject: { userId: w.userId }, permission: 'tree.read', limit: 10, consistency: { mode: 'minimizeLatency', maxStalenessSeconds: 5 } },
        fields: {
          'subject.userId': { kind: 'id', value: w.userId },
          permission: { kind: 'text', value: 'tree.read' },
          cursor: { kind: 'cursor', value: undefined },
          limit: { kind: 'int', value: 10 },
          'consistency.maxStalenessSeconds': { kind: 'int', value: 5, accepts: ['zero'] },
        },
        optional: ['limit', 'consistency.maxStalenessSeconds'],
      },
    },
    {
      method: 'POST', route: '/api/v1/checks/subjects',
      body: {
        value: { permission: 'tree.read', unitId: w.unitId, limit: 10 },
        fields: {
          permission: { kind: 'text', value: 'tree.read' },
          unitId: { kind: 'id', value: w.unitId },
          cursor: { kind: 'cursor', value: undefined },
          limit: { kind: 'int', value: 10 },
        },
        optional: ['limit'],
      },
    },
    // What-if names a set that does not exist (as the set routes above): one that gets through answers 404.
    {
      method: 'POST', route: '/api/v1/change-sets/[setId]/checks',
      path: changeSet,
      body: {
        value: { checks: [{ subject: { userId: w.userId }, permission: 'tree.read', unitId: w.unitId }], explain: true },
        fields: {
          'checks.0.subject.userId': { kind: 'id', value: w.userId },
          'checks.0.permission': { kind: 'text', value: 'tree.read' },
          'checks.0.unitId': { kind: 'id', value: w.unitId },
          explain: { kind: 'boolean', value: true },
        },
        optional: ['explain'],
      },
    },
    {
      method: 'POST', route: '/api/v1/webhooks/[endpointId]/deliveries/[messageId]/resend',
      // A message id is `msg_` and a ULID (lib/webhooks/events.ts messageIdOf).
      path: { endpointId: { kind: 'id', value: w.absentId }, messageId: { kind: 'id', value: `msg_${w.absentId}` } },
      body: { value: {}, fields: {} },
    },
    // Audit streaming: a new HTTPS destination whose every field is refused, and destinations that
    // do not exist (a request that gets through answers 404).
    {
      method: 'POST', route: '/api/v1/audit-streams',
      body: {
        value: { name: 'SIEM', settings: { kind: 'https', url: 'https://siem.example.com/arbor' } },
        fields: {
          // A destination's name is not indexed: any visible text up to its length is stored.
          name: { kind: 'name', value: 'SIEM', accepts: ['expanders40'] },
          'settings.kind': { kind: 'role', value: 'https' },
          'settings.url': { kind: 'text', value: 'https://siem.example.com/arbor' },
        },
      },
    },
    { method: 'GET', route: '/api/v1/audit-streams/[destinationId]', path: { destinationId: { kind: 'id', value: w.absentId } } },
    {
      method: 'PATCH', route: '/api/v1/audit-streams/[destinationId]',
      path: { destinationId: { kind: 'id', value: w.absentId } },
      body: {
        value: { name: 'SIEM', secret: 'hec-token', enabled: true, expectedVersion: 1 },
        fields: {
          // A destination's name is not indexed: any visible text up to its length is stored.
          name: { kind: 'name', value: 'SIEM', accepts: ['expanders40'] },
          secret: { kind: 'opaque', value: 'hec-token' },
          enabled: { kind: 'boolean', value: true },
          expectedVersion: { kind: 'version', value: 1 },
        },
        optional: ['name', 'secret', 'enabled'],
      },
    },
    {
      method: 'DELETE', route: '/api/v1/audit-streams/[destinationId]',
      path: { destinationId: { kind: 'id', value: w.absentId } },
      query: { expectedVersion: { kind: 'versionParam', value: '1' } },
    },
    { method: 'POST', route: '/api/v1/audit-streams/[destinationId]/test', path: { destinationId: { kind: 'id', value: w.absentId } }, body: { value: {}, fields: {} } },
    {
      method: 'POST', route: '/api/v1/audit-streams/[destinationId]/backfill',
      path: { destinationId: { kind: 'id', value: w.absentId } },
      body: {
        value: { from: '2026-01-01T00:00:00Z', expectedVersion: 1 },
        fields: { from: { kind: 'text', value: '2026-01-01T00:00:00Z' }, expectedVersion: { kind: 'version', value: 1 } },
      },
    },
  ];
}

// Every error code Arbor answers with, and its kind (lib/errors/http.ts maps kinds to HTTP
// status). A closed list: an error is created only with a code from here, and only by its area's
// errors module (lib/<area>/errors.ts), so each code has one wording (test/errors/registry.test.ts).
// Codes are part of the API: clients and tests match on them, so they never change meaning.
import type { ErrorKind } from './kinds';

export const ERROR_KINDS = {
  // lib/org/errors.ts
  'unit.notFound': 'notFound',
  'unit.parentNotFound': 'notFound',
  'unit.targetNotFound': 'notFound',
  'unit.locked': 'conflict',
  'unit.moved': 'conflict',
  'unit.nameTaken': 'conflict',
  'unit.exists': 'conflict',
  'unit.notEmpty': 'conflict',
  'unit.tooDeep': 'invalid',
  'unit.cycle': 'invalid',
  'unit.rootMove': 'invalid',
  'unit.rootDelete': 'invalid',
  'unit.badPath': 'invalid',
  'tree.moveInProgress': 'conflict',
  'tree.busy': 'conflict',
  'moveJob.notFound': 'notFound',
  'tenant.unitLimit': 'limit',
  // lib/members/errors.ts
  'membership.notFound': 'notFound',
  'membership.userNotFound': 'notFound',
  'membership.exists': 'conflict',
  'membership.busy': 'conflict',
  'membership.lastOwner': 'conflict',
  'membership.badRole': 'invalid',
  'membership.tenantRoleOnRoot': 'invalid',
  'membership.noUser': 'invalid',
  'member.notFound': 'notFound',
  'member.busy': 'conflict',
  'roles.duplicateRole': 'invalid',
  // lib/reporting-lines/errors.ts
  'reportingLine.personNotFound': 'notFound',
  'reportingLine.managerNotFound': 'notFound',
  'reportingLine.self': 'invalid',
  'reportingLine.cycle': 'invalid',
  'reportingLine.tooDeep': 'invalid',
  'reportingLine.tooMany': 'limit',
  'reportingLine.busy': 'conflict',
  'reportingLine.badVersion': 'invalid',
  // lib/invitations/errors.ts
  'invitation.notFound': 'notFound',
  'invitation.exists': 'conflict',
  'invitation.alreadyMember': 'conflict',
  'invitation.confirmGuests': 'conflict',
  'invitation.addressRefused': 'invalid',
  'invitation.noEmails': 'invalid',
  'invitation.tooManyEmails': 'invalid',
  'invitation.badTtl': 'invalid',
  'invitation.badRoles': 'invalid',
  'apiKey.badRoles': 'invalid',
  'invitation.resendLimit': 'rateLimited',
  'invitation.resendTooSoon': 'rateLimited',
  'mail.disabled': 'invalid',
  // lib/tenants/errors.ts
  'tenant.notFound': 'notFound',
  'tenant.notMember': 'forbidden',
  'tenant.deactivated': 'forbidden',
  'tenant.badSetting': 'invalid',
  // lib/scim/errors.ts (the console's Directory sync screen)
  'directory.tokenNotFound': 'notFound',
  'directory.tooManyTokens': 'limit',
  'directory.badTokenLabel': 'invalid',
  'directory.badRules': 'invalid',
  'directory.rulesChanged': 'conflict',
  'domain.invalid': 'invalid',
  'domain.consumer': 'invalid',
  'domain.taken': 'conflict',
  // lib/domains/errors.ts
  'domain.unproven': 'invalid',
  'domain.notFound': 'notFound',
  'domain.alreadyVerified': 'conflict',
  'domain.tooMany': 'limit',
  'domain.recordMissing': 'invalid',
  'domain.dnsUnavailable': 'unavailable',
  'domain.lastServed': 'conflict',
  'domain.provenElsewhere': 'conflict',
  'domain.changed': 'conflict',
  // lib/setup-links/errors.ts
  'setup.linkNotFound': 'notFound',
  'setup.linkUnusable': 'unauthenticated',
  'setup.badLifetime': 'invalid',
  'setup.badLabel': 'invalid',
  'setup.tooManyLinks': 'limit',
  // lib/api-keys/errors.ts
  'apiKey.invalid': 'unauthenticated',
  'apiKey.expired': 'unauthenticated',
  'apiKey.scopeGone': 'unauthenticated',
  'apiKey.notFound': 'notFound',
  'apiKey.tooMany': 'limit',
  'apiKey.badName': 'invalid',
  'apiKey.badExpiry': 'invalid',
  'apiKey.badRole': 'invalid',
  'apiKey.personOnly': 'forbidden',
  'apiKey.checkOnly': 'forbidden',
  'apiKey.badScope': 'invalid',
  // lib/webhooks/errors.ts
  'webhook.badUrl': 'invalid',
  'webhook.notFound': 'notFound',
  'webhook.deliveryNotFound': 'notFound',
  'webhook.tooMany': 'limit',
  'webhook.badEvents': 'invalid',
  'webhook.badDescription': 'invalid',
  'webhook.changed': 'conflict',
  'webhook.secretUnreadable': 'unavailable',
  // lib/audit-streaming/errors.ts
  'auditStream.notFound': 'notFound',
  'auditStream.tooMany': 'limit',
  'auditStream.badName': 'invalid',
  'auditStream.badSettings': 'invalid',
  'auditStream.badUrl': 'invalid',
  'auditStream.badSecret': 'invalid',
  'auditStream.badBackfill': 'invalid',
  'auditStream.changed': 'conflict',
  'auditStream.secretUnreadable': 'unavailable',
  // lib/change-sets/errors.ts
  'changeSet.notFound': 'notFound',
  'changeSet.badName': 'invalid',
  'changeSet.badOperation': 'invalid',
  'changeSet.tooManyOperations': 'limit',
  'changeSet.operationNotFound': 'notFound',
  'changeSet.changed': 'conflict',
  'changeSet.notEditable': 'conflict',
  'changeSet.notReady': 'conflict',
  'changeSet.busy': 'conflict',
  'changeSet.badSchedule': 'invalid',
  'changeSet.notReviewer': 'forbidden',
  'changeSet.notApplied': 'conflict',
  'changeSet.undoTooLarge': 'limit',
  'changeSet.badImport': 'invalid',
  'changeSet.badDescription': 'invalid',
  'changeSet.badComment': 'invalid',
  'scheduler.notFound': 'notFound',
  // lib/roles/errors.ts
  'roles.notFound': 'notFound',
  'roles.permissionNotFound': 'notFound',
  'roles.keyTaken': 'conflict',
  'roles.reservedKey': 'invalid',
  'roles.badKey': 'invalid',
  'roles.badName': 'invalid',
  'roles.badDescription': 'invalid',
  'roles.badReach': 'invalid',
  'roles.unknownPermission': 'invalid',
  'roles.badPermissions': 'invalid',
  'roles.duplicatePermission': 'invalid',
  // docs/roles.md: past a limit, 400 with the limit named
  'roles.limit': 'invalid',
  'roles.inUse': 'invalid',
  'roles.permissionInUse': 'conflict',
  'roles.badReplacement': 'invalid',
  'roles.unknownRole': 'invalid',
  'roles.versionConflict': 'conflict',
  // lib/checks/errors.ts
  'check.subjectNotFound': 'notFound',
  'check.unitNotFound': 'notFound',
  'check.unknownPermission': 'invalid',
  'check.badToken': 'invalid',
  // lib/offboarding/errors.ts
  'offboarding.nameMismatch': 'invalid',
  'offboarding.alreadyScheduled': 'conflict',
  'offboarding.notScheduled': 'conflict',
  'offboarding.alreadyStarted': 'conflict',
  'offboarding.busy': 'conflict',
  'offboarding.leftovers': 'conflict',
  'offboarding.sameTable': 'invalid',
  'offboarding.badTable': 'invalid',
  'offboarding.badArchive': 'invalid',
  // lib/saml/errors.ts
  'saml.badSetting': 'invalid',
  'saml.badCertificate': 'invalid',
  'saml.badMetadata': 'invalid',
  'saml.metadataUnreachable': 'invalid',
  'saml.keyUnreadable': 'unavailable',
  // lib/sso/errors.ts
  'sso.notConfigured': 'notFound',
  'sso.unknownDomain': 'notFound',
  'sso.badEmail': 'invalid',
  'sso.consumerDomain': 'invalid',
  'sso.badIssuer': 'invalid',
  'sso.badClientId': 'invalid',
  'sso.badClientSecret': 'invalid',
  'sso.noDomains': 'invalid',
  'sso.notSet': 'notFound',
  'sso.tooManyDomains': 'invalid',
  'sso.badJit': 'invalid',
  'sso.secretUnreadable': 'unavailable',
  // lib/auth/errors.ts
  'session.missing': 'unauthenticated',
  'session.expired': 'unauthenticated',
  'session.invalid': 'unauthenticated',
  'session.revoked': 'unauthenticated',
  'session.signOutFailed': 'unavailable',
  // lib/bulk/errors.ts
  'import.empty': 'invalid',
  'import.tooLarge': 'invalid',
  'import.badCsv': 'invalid',
  'import.badHeader': 'invalid',
  'import.tooManyRows': 'invalid',
  'import.badRoles': 'invalid',
  // lib/chart/errors.ts
  'chart.tooLarge': 'limit',
  'chart.tooManyCards': 'limit',
  'chart.tooManyPeople': 'limit',
  'chart.personNotFound': 'notFound',
  'chart.busy': 'unavailable',
  // lib/audit/errors.ts
  'audit.badDate': 'invalid',
  // lib/erasure/errors.ts
  'erasure.noPerson': 'invalid',
  'erasure.personNotFound': 'notFound',
  'erasure.lastOwner': 'conflict',
  'erasure.confirmationMismatch': 'invalid',
  'erasure.self': 'invalid',
  'erasure.busy': 'conflict',
  // lib/tenancy/errors.ts
  'tenancy.credentialsUnavailable': 'unavailable',
  // lib/db/errors.ts
  'transaction.busy': 'conflict',
  'database.busy': 'unavailable',
  'authz.stale': 'conflict',
  'page.badCursor': 'invalid',
  'page.badSize': 'invalid',
  // lib/validation/errors.ts: what a request carries, before the domain sees it
  'request.invalid': 'invalid',
  'request.badJson': 'invalid',
  'request.tooLarge': 'tooLarge',
  'request.crossOrigin': 'forbidden',
  'request.contentType': 'forbidden',
  'request.rateLimited': 'rateLimited',
  'request.badIdempotencyKey': 'invalid',
  'request.idempotencyMismatch': 'limit',
  'request.idempotencyInFlight': 'conflict',
  'request.unknownPath': 'notFound',
  'request.methodNotAllowed': 'methodNotAllowed',
  'email.invalid': 'invalid',
  'search.badPrefix': 'invalid',
  'member.badPrefix': 'invalid',
  'tenant.badId': 'invalid',
  'unit.badId': 'invalid',
  'user.badId': 'invalid',
  'invitation.badId': 'invalid',
  'moveJob.badId': 'invalid',
  'group.badId': 'invalid',
  'unit.badName': 'invalid',
  'user.badName': 'invalid',
  'tenant.badName': 'invalid',
  'unit.badVersion': 'invalid',
  // lib/access-reviews/errors.ts (schedules)
  'accessReview.scheduleNotFound': 'notFound',
  'accessReview.scheduleChanged': 'conflict',
  'accessReview.tooManySchedules': 'limit',
  'accessReview.badSchedule': 'invalid',
  'membership.badVersion': 'invalid',
  'tenant.badVersion': 'invalid',
  'invitation.badVersion': 'invalid',
  // lib/access-reviews/errors.ts
  'accessReview.notFound': 'notFound',
  'accessReview.itemNotFound': 'notFound',
  'accessReview.badSettings': 'invalid',
  'accessReview.unknownRoles': 'invalid',
  'accessReview.tooManyItems': 'limit',
  'accessReview.tooManyOpen': 'limit',
  'accessReview.closed': 'conflict',
  'accessReview.itemChanged': 'conflict',
  'accessReview.reviewChanged': 'conflict',
  'accessReview.reasonRequired': 'invalid',
  'accessReview.badDelegate': 'invalid',
  'accessReview.tooManyInBulk': 'invalid',
  'accessReview.notCompleted': 'conflict',
} as const satisfies Record<string, ErrorKind>;

/** What an id, a name or a version sent with a change can belong to (lib/validation). */
export type IdSubject = 'tenant' | 'unit' | 'user' | 'invitation' | 'moveJob' | 'group';
export type NameSubject = 'unit' | 'user' | 'tenant';
export const VERSIONED = ['unit', 'membership', 'tenant', 'invitation', 'sso', 'reportingLine'] as const;
export type Versioned = (typeof VERSIONED)[number];

/**
 * An authorization denial per action (`authz.<action>`), added to the union by lib/authz/errors.ts
 * (declaration merging): the actions are lib/authz's, and the error family, on the lowest floor
 * of lib/, imports nothing above it.
 */
export interface DenialCodes {}

/**
 * The closed union of codes: the fixed ones above, an authorization denial per action
 * (lib/authz/errors.ts) and an optimistic-locking conflict per versioned entity (./index.ts).
 */
export type ErrorCode = keyof typeof ERROR_KINDS | keyof DenialCodes | `${Versioned}.versionConflict`;

export function kindOf(code: ErrorCode): ErrorKind {
  if (code in ERROR_KINDS) return ERROR_KINDS[code as keyof typeof ERROR_KINDS];
  // Every other authz.<action> is a denial ('authz.stale' is listed above).
  if (code.startsWith('authz.')) return 'forbidden';
  return 'conflict';
}

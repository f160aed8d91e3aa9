// Every action the audit trail records, each with the words a person reads for it, grouped as the
// audit log's filter lists them. The one catalogue: the filter, the API's `action` parameter and
// the CSV's labels come from here, and test/audit/audit-actions.test.ts checks that every action
// an entry is written with in lib/ is listed.
export const AUDIT_ACTION_GROUPS = [
  {
    group: 'Units',
    actions: { 'unit.create': 'Unit created', 'unit.rename': 'Unit renamed', 'unit.move': 'Unit moved', 'unit.delete': 'Unit deleted' },
  },
  {
    group: 'Memberships',
    actions: {
      'membership.add': 'Member added',
      'membership.roleChange': 'Role changed',
      'membership.rolesChange': 'Custom roles changed',
      'membership.remove': 'Member removed from a unit',
      'membership.removeFromTenant': 'Member removed from the organization',
      'person.erase': 'Person erased',
      'reportingLine.change': 'Manager changed',
    },
  },
  {
    group: 'Access reviews',
    actions: {
      'accessReview.start': 'Access review started',
      'accessReview.decide': 'Access review item decided',
      'accessReview.delegate': 'Access review item delegated',
      'accessReview.complete': 'Access review completed',
      'accessReview.cancel': 'Access review cancelled',
      'accessReview.revert': 'Access review removals drafted back',
    },
  },
  {
    group: 'Invitations',
    actions: {
      'invitation.create': 'Invitation sent',
      'invitation.resend': 'Invitation emailed again',
      'invitation.copyLink': 'Invitation link made to copy',
      'invitation.revoke': 'Invitation revoked',
      'invitation.accept': 'Invitation accepted',
    },
  },
  {
    group: 'Organization',
    actions: {
      'tenant.create': 'Organization created',
      'tenant.rename': 'Organization renamed',
      'tenant.settingsUpdate': 'Organization settings changed',
      'tenant.deletionSchedule': 'Organization deletion scheduled',
      'tenant.deletionCancel': 'Organization deletion cancelled',
    },
  },
  {
    group: 'Single sign-on',
    actions: {
      'sso.update': 'Single sign-on changed',
      'sso.enable': 'Single sign-on switched on',
      'sso.disable': 'Single sign-on switched off',
      'setupLink.create': 'Setup link created',
      'setupLink.open': 'Setup link opened',
      'setupLink.revoke': 'Setup link revoked',
    },
  },
  {
    group: 'Domains',
    actions: {
      'domain.add': 'Domain added',
      'domain.verify': 'Domain verified',
      'domain.remove': 'Domain removed',
      'domain.recordMissing': 'Domain record found missing',
      'domain.restored': 'Domain record found again',
    },
  },
  {
    group: 'Directory sync',
    actions: {
      'directory.tokenCreate': 'Directory token created',
      'directory.tokenRevoke': 'Directory token revoked',
      'directory.rulesUpdate': 'Directory rules changed',
      'directory.deactivate': 'Person deactivated by the directory',
      'directory.reactivate': 'Person reactivated by the directory',
    },
  },
  {
    group: 'API keys and webhooks',
    actions: {
      'apiKey.create': 'API key created',
      'apiKey.revoke': 'API key revoked',
      'webhook.create': 'Webhook endpoint added',
      'webhook.update': 'Webhook endpoint changed',
      'webhook.delete': 'Webhook endpoint removed',
      'webhook.rotateSecret': 'Webhook secret rolled',
      'webhook.resend': 'Webhook delivery resent',
      'webhook.disable': 'Webhook endpoint disabled after failures',
      'auditStream.create': 'Audit stream destination added',
      'auditStream.update': 'Audit stream destination changed',
      'auditStream.delete': 'Audit stream destination removed',
      'auditStream.backfill': 'Audit stream backfilled from a date',
      'auditStream.test': 'Audit stream test entry sent',
    },
  },
  {
    group: 'Roles',
    actions: {
      'role.create': 'Role defined',
      'role.update': 'Role changed',
      'role.delete': 'Role deleted',
      'permission.create': 'Permission defined',
      'permission.update': 'Permission description changed',
      'permission.delete': 'Permission deleted',
    },
  },
  {
    group: 'Reorganizations',
    actions: {
      'changeSet.create': 'Reorganization started',
      'changeSet.update': 'Reorganization renamed',
      'changeSet.delete': 'Reorganization deleted',
      'changeSet.addOperations': 'Operations added to a reorganization',
      'changeSet.dropOperation': 'Operation dropped from a reorganization',
      'changeSet.reconfirmOperation': 'Operation re-confirmed after a conflict',
      'changeSet.approve': 'Reorganization approved',
      'changeSet.reject': 'Reorganization rejected',
      'changeSet.schedule': 'Reorganization scheduled',
      'changeSet.unschedule': 'Reorganization unscheduled',
      'changeSet.start': 'Reorganization being applied',
      'changeSet.apply': 'Reorganization applied',
      'changeSet.fail': 'Reorganization failed to apply',
    },
  },
  {
    group: 'Access review schedules',
    actions: {
      'accessReview.schedule.create': 'Access review scheduled',
      'accessReview.schedule.update': 'Access review schedule changed',
      'accessReview.schedule.delete': 'Access review schedule removed',
    },
  },
] as const;

type AuditActionOf<G> = G extends { actions: infer A } ? keyof A & string : never;
export type AuditAction = AuditActionOf<(typeof AUDIT_ACTION_GROUPS)[number]>;

const LABELS = new Map<string, string>(AUDIT_ACTION_GROUPS.flatMap((g) => Object.entries(g.actions)));

/** Every action the trail records, in the catalogue's order. */
export const AUDIT_ACTIONS = [...LABELS.keys()] as [AuditAction, ...AuditAction[]];

/** The words for an action; an action unknown here (an entry older than its removal) as it is stored. */
export const auditActionLabel = (action: string): string => LABELS.get(action) ?? action;

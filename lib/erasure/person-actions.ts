// The audit actions whose entries can name a person other than their actor: as the target
// (a membership `<unit>/<user>`, an invitation's address, a directory account), in before/after
// (`userId`, `email`), or as a new organization's owner. Erasure reads each one's partition of
// GSI3 (`T#<t>#AUDIT#ACTION#<action>`, T14 by action) with a FilterExpression on those
// attributes, since no index is keyed by the person an entry is about (docs/privacy.md says why).
// test/erasure/person-actions.test.ts checks that every audit entry written with an email in
// lib/ uses an action listed here.
export const PERSON_ACTIONS = [
  'membership.add',
  'membership.roleChange',
  'membership.rolesChange',
  'membership.remove',
  'membership.removeFromTenant',
  'invitation.create',
  'invitation.revoke',
  'invitation.resend',
  'invitation.copyLink',
  'invitation.accept',
  'directory.deactivate',
  'directory.reactivate',
  'tenant.create',
  'reportingLine.change',
] as const;

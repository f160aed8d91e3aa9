// Mail (server-only): Arbor's outgoing email over SMTP (nodemailer), and the messages it sends.
// Sending is best effort by design: callers send after their transaction has committed, and a
// failure is reported to the person (who can copy the link or resend), never rolled back.
export { sendMail, mailEnabled, type OutgoingMail, type SendOutcome } from './send-mail';
export { invitationMail, type InvitationMailInput } from './invitation-mail';
export { domainRecordMissingMail } from './domain-record-mail';
export { webhookDisabledMail } from './webhook-disabled-mail';
export { tenantDeletionScheduledMail, tenantDeletionCancelledMail } from './tenant-deletion-mail';
export { reviewAssignedMail, reviewReminderMail, reviewCompletedMail, reviewSchedulePausedMail, type ReviewerMailInput, type ReviewSummaryMailInput } from './access-review-mail';

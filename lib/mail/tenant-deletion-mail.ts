// The mail to an organization's owners when its deletion is scheduled, and when it is cancelled.
import { escapeHtml } from './escape-html';

const day = (iso: string) => new Date(iso).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');

export function tenantDeletionScheduledMail(input: { ownerName: string; organization: string; dueAt: string; by: string }) {
  const { ownerName, organization, dueAt, by } = input;
  const body = (org: string, who: string) =>
    `${who} scheduled the deletion of ${org} in Arbor. On ${day(dueAt)} (${dueAt}) every unit, membership, invitation, audit entry, API key, webhook and setting of the organization will be deleted for good. Until then any owner can cancel it under Settings → Delete organization, and export the organization first (Settings → Import and export).`;
  return {
    subject: `Arbor: ${organization} will be deleted on ${day(dueAt)}`,
    text: `Hello ${ownerName},\n\n${body(organization, by)}\n`,
    html: `<p>Hello ${escapeHtml(ownerName)},</p><p>${body(escapeHtml(organization), escapeHtml(by))}</p>`,
  };
}

export function tenantDeletionCancelledMail(input: { ownerName: string; organization: string; by: string }) {
  const { ownerName, organization, by } = input;
  const body = (org: string, who: string) => `${who} cancelled the scheduled deletion of ${org} in Arbor. Nothing was deleted.`;
  return {
    subject: `Arbor: the deletion of ${organization} was cancelled`,
    text: `Hello ${ownerName},\n\n${body(organization, by)}\n`,
    html: `<p>Hello ${escapeHtml(ownerName)},</p><p>${body(escapeHtml(organization), escapeHtml(by))}</p>`,
  };
}

// The invitation message: a plain-text part and an HTML part from the same words. Every value
// that came from a person (organization, unit and inviter names) is escaped in the HTML and kept
// on its own line in the text, so a name cannot smuggle markup or a second link into the mail.
import { escapeHtml } from './escape-html';

export interface InvitationMailInput {
  to: string;
  organization: string;
  unitName: string;
  role: string;
  /** Who invited them, as the console knows them (name, else email). */
  inviter: string;
  /** The single-use link (the token is in it). */
  link: string;
  expiresAt: string;
}

// Names may hold anything but line breaks matter in the text part and the subject.
const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

export function invitationMail(input: InvitationMailInput) {
  const organization = oneLine(input.organization);
  const unit = oneLine(input.unitName);
  const inviter = oneLine(input.inviter);
  const until = formatDate(input.expiresAt);
  const subject = `${inviter} invited you to ${organization} on Arbor`.slice(0, 200);
  const text = [
    `${inviter} invited you to join ${organization} on Arbor.`,
    '',
    `Unit: ${unit}`,
    `Role: ${input.role}`,
    '',
    'Accept the invitation (you will sign in with your organization’s single sign-on):',
    input.link,
    '',
    `The link works once and expires on ${until}.`,
    'If you did not expect this invitation, ignore this email.',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b;line-height:1.5">
<p><strong>${e(inviter)}</strong> invited you to join <strong>${e(organization)}</strong> on Arbor.</p>
<table role="presentation" style="margin:12px 0"><tr><td style="padding-right:12px;color:#52525b">Unit</td><td>${e(unit)}</td></tr>
<tr><td style="padding-right:12px;color:#52525b">Role</td><td>${e(input.role)}</td></tr></table>
<p><a href="${e(input.link)}" style="display:inline-block;background:#047857;color:#fff;padding:8px 16px;border-radius:6px;text-decoration:none">Accept the invitation</a></p>
<p style="color:#52525b;font-size:14px">You will sign in with your organization’s single sign-on. The link works once and expires on ${e(until)}.<br>
If the button does not work, open this address: ${e(input.link)}</p>
<p style="color:#52525b;font-size:14px">If you did not expect this invitation, ignore this email.</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}

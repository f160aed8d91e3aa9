// The mail to a tenant's owners when the delivery worker switched a webhook endpoint off.
import { escapeHtml } from './escape-html';

export function webhookDisabledMail(input: { ownerName: string; organization: string; url: string }) {
  const { ownerName, organization, url } = input;
  const body = (u: string, org: string) =>
    `Arbor switched off the webhook endpoint ${u} of ${org}: every delivery to it failed for a day. Events since are not sent to it. Fix the receiver, then switch the endpoint on again under Settings → Webhooks; its delivery log lets you resend what it missed.`;
  return {
    subject: `Arbor: a webhook endpoint of ${organization} was switched off`,
    text: `Hello ${ownerName},\n\n${body(url, organization)}\n`,
    html: `<p>Hello ${escapeHtml(ownerName)},</p><p>${body(`<code>${escapeHtml(url)}</code>`, escapeHtml(organization))}</p>`,
  };
}

// The mail to a tenant's owners when a proven domain's verification record is gone at a re-check.
import { escapeHtml } from './escape-html';

export function domainRecordMissingMail(input: { ownerName: string; organization: string; domain: string; record: string }) {
  const { ownerName, organization, domain, record } = input;
  const body = (value: string, org: string, d: string) =>
    `Arbor could not find the DNS TXT record ${value} on ${d} when it checked again. People of ${d} still sign in to ${org} for now; publish the record again at your DNS provider, or remove the domain under Settings → Domains if your organization no longer owns it.`;
  return {
    subject: `Arbor: the verification record of ${domain} is missing`,
    text: `Hello ${ownerName},\n\n${body(`"${record}"`, organization, domain)}\n`,
    html: `<p>Hello ${escapeHtml(ownerName)},</p><p>${body(`<code>${escapeHtml(record)}</code>`, escapeHtml(organization), `<strong>${escapeHtml(domain)}</strong>`)}</p>`,
  };
}

// Can this address ever sign in to this tenant? Asked before inviting it (the invite dialog,
// POST /api/v1/invitations, the CSV import preview).
//
// Sign-in is SSO only (docs/sso.md), so an invitation is usable only by someone the tenant's
// identity provider can vouch for with exactly that address:
// - a consumer domain (gmail.com & co.) can never be an organization's SSO address: refused;
// - a domain another tenant has claimed belongs to that organization: sign-in discovery sends
//   those people there and their IdP, not ours, owns the address: refused;
// - a domain our connection does not serve may still be a guest account at our IdP (the
//   invitation link starts sign-in at our IdP directly): allowed after an explicit confirmation,
//   as Entra ID and Google Workspace treat external guests;
// - no connection yet: nobody can accept until one is set: the same confirmation.
// Reads (platform credentials, P1): the tenant's connection (GetItem) and the claims of the
// other domains (one BatchGetItem per 100 domains).
import 'server-only';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type PlatformDb } from '../db';
import { getConnection } from '../sso';
import { isConsumerDomain } from '../tenants/domains';
import { emailDomain } from '../validation';

export type AddressVerdict = 'ok' | 'guest' | 'noSso' | 'consumer' | 'otherTenant';

export interface AddressCheck {
  email: string;
  verdict: AddressVerdict;
  /** Why, in words for the admin; empty for 'ok'. */
  message: string;
}

export const isRefused = (c: AddressCheck) => c.verdict === 'consumer' || c.verdict === 'otherTenant';
export const needsConfirmation = (c: AddressCheck) => c.verdict === 'guest' || c.verdict === 'noSso';

export const MAX_CHECKED_DOMAINS = 100;

/** One verdict per (already validated, lower-cased) email, in the order given. */
export async function checkInvitationAddresses(platform: PlatformDb, tenantId: string, emails: string[]): Promise<AddressCheck[]> {
  const connection = await getConnection(platform, tenantId);
  const served = new Set(connection?.domains ?? []);
  const unknown = [...new Set(emails.map(emailDomain))].filter((d) => !served.has(d) && !isConsumerDomain(d));
  const claimedElsewhere = new Set<string>();
  type Request = Record<string, { Keys: Record<string, unknown>[]; ProjectionExpression?: string }>;
  // BatchGetItem takes 100 keys: an invitation has at most 50 addresses, an import may have more.
  for (let i = 0; i < unknown.length; i += MAX_CHECKED_DOMAINS) {
    const chunk = unknown.slice(i, i + MAX_CHECKED_DOMAINS);
    let request: Request | undefined = { [platform.tableName]: { Keys: chunk.map((d) => ({ ...keys.domainClaim(d) })), ProjectionExpression: 'PK, tenantId' } };
    while (request && Object.keys(request).length) {
      const out = await platform.client.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[platform.tableName] ?? []) {
        if (item.tenantId !== tenantId) claimedElsewhere.add(String(item.PK).slice(keys.domainClaimPrefix.length));
      }
      request = out.UnprocessedKeys as Request | undefined;
    }
  }

  return emails.map((email): AddressCheck => {
    const domain = emailDomain(email);
    if (isConsumerDomain(domain)) {
      return { email, verdict: 'consumer', message: `${domain} is a personal email provider: nobody signs in to your organization with it. Invite their work address.` };
    }
    if (claimedElsewhere.has(domain)) {
      return { email, verdict: 'otherTenant', message: `${domain} signs in to another organization on Arbor, so ${email} can never sign in here.` };
    }
    if (!connection) {
      return { email, verdict: 'noSso', message: 'Your organization has not set up single sign-on yet: nobody can accept an invitation until it is.' };
    }
    if (!served.has(domain)) {
      return { email, verdict: 'guest', message: `${domain} is not a domain your single sign-on serves: ${email} can join only with a guest account at your identity provider.` };
    }
    return { email, verdict: 'ok', message: '' };
  });
}

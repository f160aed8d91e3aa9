// P1: sign-in discovery. The email's domain claim names the tenant and carries a copy of its
// connection, so one GetItem (platform credentials) decides where the user signs in.
// Server-only. Every miss is a clear, typed refusal the sign-in page shows as-is.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type PlatformDb } from '../db';
import { invalid, notFound } from '../errors';
import { isConsumerDomain } from '../tenants/domains';
import { emailDomain, validateEmail } from '../validation';
import { toConnection, type SsoConnection } from './connection';

export interface Discovery {
  email: string;
  domain: string;
  tenantId: string;
  connection: SsoConnection;
}

export async function discoverByEmail(db: PlatformDb, rawEmail: unknown): Promise<Discovery> {
  let email: string;
  try {
    email = validateEmail(rawEmail);
  } catch {
    throw invalid('sso.badEmail', 'Enter your work email address, for example name@company.com.');
  }
  const domain = emailDomain(email);
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.domainClaim(domain) }));
  const claim = out.Item;
  if (!claim) {
    if (isConsumerDomain(domain)) {
      throw invalid('sso.consumerDomain', `${domain} is a personal email provider. Sign in with your work email address instead.`);
    }
    throw notFound('sso.unknownDomain', `No organization on Arbor signs in with ${domain} addresses. Check the address, or ask your IT team to set up Arbor.`);
  }
  const tenantId = claim.tenantId as string;
  if (!claim.connection) {
    throw notFound('sso.notConfigured', `Your organization has not finished setting up single sign-on for ${domain}. Ask your administrator.`);
  }
  return { email, domain, tenantId, connection: toConnection(tenantId, claim.connection as Record<string, unknown>) };
}

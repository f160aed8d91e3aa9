// P1: sign-in discovery. The email's domain claim names the tenant and carries a copy of its
// connection, so one GetItem (platform credentials) decides where the user signs in.
// Every miss is a clear, typed refusal the sign-in page shows as-is.
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { itemParser, keys, type PlatformDb } from '../db';
import { badSsoEmail, personalDomain, ssoNotConfigured, unknownDomain } from './errors';
import { isConsumerDomain } from '../tenants/domains';
import { emailDomain, validateEmail } from '../validation';
import { connectionFrom, storedConnection, type SsoConnection } from './connection';

export interface Discovery {
  email: string;
  domain: string;
  tenantId: string;
  connection: SsoConnection;
}

/** A domain claim: its tenant and a copy of the connection (null until one is set). */
const parseClaim = itemParser('domainClaim', z.object({ tenantId: z.string(), connection: storedConnection.nullish() }));

export async function discoverByEmail(db: PlatformDb, rawEmail: unknown): Promise<Discovery> {
  let email: string;
  try {
    email = validateEmail(rawEmail);
  } catch {
    throw badSsoEmail();
  }
  const domain = emailDomain(email);
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.domainClaim(domain) }));
  if (!out.Item) {
    if (isConsumerDomain(domain)) {
      throw personalDomain(domain);
    }
    throw unknownDomain(domain);
  }
  const { tenantId, connection } = parseClaim(out.Item);
  // A connection still being set up (and tested) routes nobody yet.
  if (!connection || connection.enabled === false) {
    throw ssoNotConfigured();
  }
  return { email, domain, tenantId, connection: connectionFrom(tenantId, connection) };
}

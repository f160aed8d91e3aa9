// What a SAML sign-in keeps between its steps, in the tenant's own partition (tenant-scoped
// credentials), each item with a TTL so the table forgets it by itself.
// - the AuthnRequests sent, so a response must answer one (node-saml's cache provider);
// - the assertions used, so none is accepted twice (replay);
// - a verified response between the IdP's cross-site POST (which carries no SameSite=Lax
//   cookie) and the browser's return to Arbor with its flow cookie.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CacheProvider } from '@node-saml/node-saml';
import { deleteItem, keys, putItem, TTL_ATTRIBUTE, written, type TenantDb } from '../db';
import { sha256Base64url } from '../security/digest';

/** How long an AuthnRequest may wait for its answer: as long as the sign-in flow cookie lives. */
export const REQUEST_SECONDS = 15 * 60;
/** How long a verified response waits for its browser. */
const RESULT_SECONDS = 5 * 60;

const epoch = (ms: number) => Math.floor(ms / 1000);

/** Ids Arbor makes (`_` + 40 hex); a response may name anything, which must not reach a key unchecked. */
const REQUEST_ID = /^[A-Za-z0-9_.-]{1,128}$/;

/** node-saml's request-id store, on DynamoDB so that any app instance can receive the response. */
export function requestStore(db: TenantDb): CacheProvider & { answered?: string } {
  const store: CacheProvider & { answered?: string } = {
    async saveAsync(requestId, value) {
      const createdAt = Date.now();
      await putItem(db, { Item: { ...keys.samlRequest(db.tenantId, requestId), type: 'samlRequest', value, [TTL_ATTRIBUTE]: epoch(createdAt) + REQUEST_SECONDS } });
      return { value, createdAt };
    },
    async getAsync(requestId) {
      if (!REQUEST_ID.test(requestId)) return null;
      const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.samlRequest(db.tenantId, requestId), ConsistentRead: true }));
      const live = out.Item && (out.Item[TTL_ATTRIBUTE] as number) > Date.now() / 1000;
      if (live) store.answered = requestId;
      return live ? String(out.Item!.value) : null;
    },
    async removeAsync(requestId) {
      if (!requestId || !REQUEST_ID.test(requestId)) return null;
      await deleteItem(db, { Key: keys.samlRequest(db.tenantId, requestId) });
      return requestId;
    },
  };
  return store;
}

/**
 * Records an assertion as used, until it expires; false when it was used already. Its ID is
 * hashed: IdPs choose IDs, and the key must stay bounded.
 */
export async function firstUseOfAssertion(db: TenantDb, assertionId: string, expiresAt: Date): Promise<boolean> {
  const idHash = sha256Base64url(assertionId);
  return written(putItem(db, {
    Item: { ...keys.samlAssertion(db.tenantId, idHash), type: 'samlAssertion', [TTL_ATTRIBUTE]: epoch(expiresAt.getTime()) + 60 },
    ConditionExpression: 'attribute_not_exists(PK)',
  }));
}

export interface VerifiedResponse {
  /** The AuthnRequest it answers; absent for an IdP-initiated response. */
  inResponseTo?: string;
  nameId: string;
  attributes: Record<string, string[]>;
}

/** Keeps a verified response for its browser; the reference goes in the redirect to /complete. */
export async function keepVerifiedResponse(db: TenantDb, response: VerifiedResponse): Promise<string> {
  const ref = randomBytes(24).toString('base64url');
  await putItem(db, { Item: { ...keys.samlResult(db.tenantId, ref), type: 'samlResult', response, [TTL_ATTRIBUTE]: epoch(Date.now()) + RESULT_SECONDS } });
  return ref;
}

/** Takes a kept response (it can be taken once), or undefined when unknown or expired. */
export async function takeVerifiedResponse(db: TenantDb, ref: string): Promise<VerifiedResponse | undefined> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(ref)) return undefined;
  const out = await deleteItem(db, { Key: keys.samlResult(db.tenantId, ref), ReturnValues: 'ALL_OLD' });
  const item = out.written ? out.attributes : undefined;
  if (!item || (item[TTL_ATTRIBUTE] as number) <= Date.now() / 1000) return undefined;
  return item.response as VerifiedResponse;
}

// Idempotency-Key on creating requests: a client that retries a POST after a lost
// answer sends the same key and gets the first answer back, and nothing is written again.
//
// One item per actor and key (`T#<t>#IDEMPOTENCY#<actor>` / SHA-256 of the key), in the tenant's
// partition, kept 24 hours (TTL). It is claimed before the handler runs (a conditional Put, so
// two concurrent retries cannot both run), then holds the answer. Only successes are kept: a
// refused request changed nothing, so its retry simply runs again. The request's fingerprint
// (method, path, body) is kept too: the same key with another request is refused.
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { deleteItem, keys, putItem, TTL_ATTRIBUTE, written, type TenantDb } from '../db';
import { sha256Base64url } from '../security/digest';
import { badIdempotencyKey, idempotencyInFlight, idempotencyMismatch } from '../validation/errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A claim older than this is taken to be from a request that died; its retry runs again. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Answers larger than this are not kept (the item limit is 400 KB); a retry then runs again. */
const MAX_KEPT_BODY_BYTES = 256 * 1024;
const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;

export interface IdempotentRequest {
  db: TenantDb;
  actorId: string;
  key: string;
  method: string;
  path: string;
  /** The body as sent (parsed JSON), part of the fingerprint. */
  body: unknown;
}

/** The request's Idempotency-Key, checked, or undefined when it sends none. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const raw = request.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return undefined;
  if (!KEY_SHAPE.test(raw) || raw.trim() === '') throw badIdempotencyKey();
  return raw;
}

/**
 * Runs `handle` once per key: the first call runs it and keeps a successful answer; a retry gets
 * that answer (marked Idempotent-Replayed), a concurrent one 409, another request with the key 422.
 */
export async function onceFor(req: IdempotentRequest, handle: () => Promise<Response>): Promise<Response> {
  const { db } = req;
  const key = keys.idempotencyRecord(db.tenantId, req.actorId, sha256Base64url(req.key));
  const fingerprint = sha256Base64url(JSON.stringify([req.method.toUpperCase(), req.path, req.body ?? null]));
  const now = Date.now();
  const claimed = await written(putItem(db, {
    Item: { ...key, type: 'idempotency', state: 'claimed', fingerprint, claimedAt: now, [TTL_ATTRIBUTE]: Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS },
    // A free key, one past its 24 hours (TTL deletes late), or a claim whose request died.
    ConditionExpression: 'attribute_not_exists(PK) OR #expires < :nowSeconds OR (#state = :claimed AND claimedAt < :stale)',
    ExpressionAttributeNames: { '#state': 'state', '#expires': TTL_ATTRIBUTE },
    ExpressionAttributeValues: { ':claimed': 'claimed', ':stale': now - CLAIM_LEASE_MS, ':nowSeconds': Math.floor(now / 1000) },
  }));
  if (!claimed) return replay(db, key, fingerprint);

  let response: Response;
  try {
    response = await handle();
  } catch (e) {
    await release(db, key);
    throw e;
  }
  if (response.status >= 300) {
    await release(db, key);
    return response;
  }
  const text = await response.text();
  const headers = new Headers(response.headers);
  if (Buffer.byteLength(text) <= MAX_KEPT_BODY_BYTES) {
    await putItem(db, {
      Item: {
        ...key, type: 'idempotency', state: 'done', fingerprint, status: response.status, contentType: headers.get('content-type') ?? 'application/json',
        body: text, [TTL_ATTRIBUTE]: Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS,
      },
    });
  } else {
    await release(db, key);
  }
  return new Response(text, { status: response.status, headers });
}

async function replay(db: TenantDb, key: { PK: string; SK: string }, fingerprint: string): Promise<Response> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  // Released between our claim attempt and this read: the first request failed; ask for a retry.
  if (!Item) throw idempotencyInFlight();
  if (Item.fingerprint !== fingerprint) throw idempotencyMismatch();
  if (Item.state !== 'done') throw idempotencyInFlight();
  return new Response(String(Item.body), { status: Number(Item.status), headers: { 'content-type': String(Item.contentType), [REPLAYED_HEADER]: 'true' } });
}

async function release(db: TenantDb, key: { PK: string; SK: string }) {
  await deleteItem(db, { Key: key }).catch(() => undefined);
}

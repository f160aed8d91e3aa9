// `startIndex` / `count` pages (RFC 7644 §3.4.2.4) over DynamoDB, which has no offset.
//
// A listing is one index partition in key order (Users by userName, Groups by displayName), so
// the order is stable. When a page is served and more follow, the key where the next page starts
// is kept as a checkpoint item (`T#<t>#DIRECTORY` / `PAGE#<listing hash>#<position>`, one hour TTL):
// a client walking the list (Okta: startIndex 1, 101, 201, … with count=100) gets each page with
// one GetItem of the checkpoint and one Query of `count` + 1 entries, whatever the position. A
// position without a checkpoint (a jump) reads from the start and skips, in 1 MB Query pages.
import 'server-only';
import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { keys, putItem, TTL_ATTRIBUTE, withoutGuards, type TenantDb } from '../db';

const CHECKPOINT_SECONDS = 3600;
/** How far a filtered page reads past non-matching entries before it stops. */
const READ_BUDGET = 5_000;

export interface PageRequest {
  /** The Query without ExclusiveStartKey and Limit. */
  query: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Limit' | 'TableName'>;
  index: 'GSI1' | 'GSI2' | 'GSI3';
  /** 1-based. */
  startIndex: number;
  count: number;
}

export interface PageResult {
  items: Record<string, unknown>[];
  /** Nothing follows this page. */
  reachedEnd: boolean;
  /** Entries before the page: startIndex - 1, or fewer when the listing ended before it. */
  before: number;
}

const checkpointKey = (db: TenantDb, req: PageRequest, position: number) => {
  const listing = createHash('sha256').update(JSON.stringify([req.query.IndexName, req.query.KeyConditionExpression, req.query.FilterExpression, req.query.ExpressionAttributeNames, req.query.ExpressionAttributeValues])).digest('base64url').slice(0, 22);
  return keys.directoryListPage(db.tenantId, listing, position);
};

export async function readPage(db: TenantDb, req: PageRequest): Promise<PageResult> {
  let toSkip = req.startIndex - 1;
  let skipped = 0;
  let startKey: Record<string, unknown> | undefined;
  if (toSkip > 0) {
    const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: checkpointKey(db, req, toSkip) }));
    if (out.Item && (out.Item[TTL_ATTRIBUTE] as number) > Date.now() / 1000) {
      startKey = out.Item.resumeKey as Record<string, unknown>;
      skipped = toSkip;
      toSkip = 0;
    }
  }
  const items: Record<string, unknown>[] = [];
  let more = false;
  let read = 0;
  for (;;) {
    const want = toSkip + req.count + 1 - items.length;
    const out = await db.client.send(
      new QueryCommand({ ...req.query, TableName: db.tableName, ExclusiveStartKey: startKey, Limit: req.query.FilterExpression ? Math.max(100, Math.min(1000, want)) : Math.min(1000, want) }),
    );
    read += out.ScannedCount ?? 0;
    for (const item of out.Items ?? []) {
      if (toSkip > 0) {
        toSkip--;
        skipped++;
      }
      else if (items.length < req.count) items.push(item);
      else more = true;
    }
    startKey = out.LastEvaluatedKey;
    if (more || !startKey || items.length > req.count) break;
    if (req.query.FilterExpression && read > READ_BUDGET + req.startIndex) {
      more = true;
      break;
    }
  }
  if (more && items.length > 0) {
    const position = req.startIndex - 1 + items.length;
    // Where a listing resumes (a read's bookkeeping): no decision stands behind it.
    await putItem(withoutGuards(db), {
      Item: { ...checkpointKey(db, req, position), type: 'directoryPage', resumeKey: resumeKeyOf(items.at(-1)!, req.index), [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + CHECKPOINT_SECONDS },
    });
  }
  return { items, reachedEnd: !more, before: skipped };
}

/** How many entries a filtered listing holds (totalResults): a COUNT Query, page after page. */
export async function countMatches(db: TenantDb, query: PageRequest['query']): Promise<number> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await db.client.send(new QueryCommand({ ...query, TableName: db.tableName, Select: 'COUNT', ExclusiveStartKey: startKey }));
    total += out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return total;
}

/** The start key of a listing that resumes after this item (table keys + the index's keys). */
function resumeKeyOf(item: Record<string, unknown>, index?: 'GSI1' | 'GSI2' | 'GSI3'): Record<string, unknown> {
  return { PK: item.PK, SK: item.SK, ...(index ? { [`${index}PK`]: item[`${index}PK`], [`${index}SK`]: item[`${index}SK`] } : {}) };
}

// Reads the table's stream (DynamoDB Streams; DynamoDB Local's in the local stack)
// shard by shard and hands each batch of new items to the caller, then records how far it got:
// one platform item per shard (`STREAM#<label>` / `SHARD#<id>`, P6). The checkpoint is written
// only after the batch was handled, so a worker killed mid-batch reads it again (at least once;
// the deliveries it queues are idempotent). A child shard waits until its parent is read out.
import 'server-only';
import {
  DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand, ListStreamsCommand,
  type DynamoDBStreamsClient, type Shard, type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { keys, queryAll, updateItem, type PlatformDb } from '../../db';
import { log } from '../../observability';

export interface StreamDeps {
  streams: DynamoDBStreamsClient;
  platform: PlatformDb;
  tableName: string;
  /**
   * Whose checkpoints these are: another reader of the same stream (the audit-stream worker) keeps
   * its own, so neither skips what the other has not handled. Unset: the webhook worker's.
   */
  consumer?: string;
}

const checkpointPartition = (deps: StreamDeps, label: string) => (deps.consumer ? keys.consumerStreamPartition(deps.consumer, label) : keys.streamPartition(label));
const checkpointKey = (deps: StreamDeps, label: string, shardId: string) =>
  deps.consumer ? keys.consumerStreamCheckpoint(deps.consumer, label, shardId) : keys.streamCheckpoint(label, shardId);

/** Batches read per shard in one pass, so one busy shard does not starve the delivery loop. */
const BATCHES_PER_PASS = 10;
/** Records per GetRecords (the most DynamoDB Streams returns). */
const BATCH_RECORDS = 1000;
/** Sequence numbers are decimal strings of varying length: padded, they compare as strings. */
const padded = (sequence: string) => sequence.padStart(48, '0');

interface Checkpoint {
  sequence?: string;
  done?: boolean;
}

async function latestStream(deps: StreamDeps): Promise<{ arn: string; label: string } | undefined> {
  const out = await deps.streams.send(new ListStreamsCommand({ TableName: deps.tableName }));
  // Only this table's (DynamoDB Local may list other tables' streams, e.g. a restored copy's).
  const latest = (out.Streams ?? []).filter((s) => s.StreamArn && s.StreamLabel && s.TableName === deps.tableName).sort((a, b) => b.StreamLabel!.localeCompare(a.StreamLabel!))[0];
  return latest ? { arn: latest.StreamArn!, label: latest.StreamLabel! } : undefined;
}

async function shardsOf(deps: StreamDeps, arn: string): Promise<Shard[]> {
  const shards: Shard[] = [];
  let start: string | undefined;
  do {
    const out = await deps.streams.send(new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: start }));
    shards.push(...(out.StreamDescription?.Shards ?? []));
    start = out.StreamDescription?.LastEvaluatedShardId;
  } while (start);
  return shards;
}

async function checkpoints(deps: StreamDeps, label: string): Promise<Map<string, Checkpoint>> {
  const items = await queryAll(deps.platform, {
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': checkpointPartition(deps, label) },
    ConsistentRead: true,
  });
  return new Map(items.map((i) => [String(i.shardId), { sequence: i.sequence as string | undefined, done: i.done === true }]));
}

async function saveCheckpoint(deps: StreamDeps, label: string, shardId: string, sequence: string) {
  await updateItem(deps.platform, {
    Key: checkpointKey(deps, label, shardId),
    UpdateExpression: 'SET #type = :type, shardId = :shard, #sequence = :sequence, #order = :order',
    // Never backwards: two workers reading the same shard only ever move it forward.
    ConditionExpression: 'attribute_not_exists(#order) OR #order < :order',
    ExpressionAttributeNames: { '#type': 'type', '#sequence': 'sequence', '#order': 'order' },
    ExpressionAttributeValues: { ':type': 'streamCheckpoint', ':shard': shardId, ':sequence': sequence, ':order': padded(sequence) },
  });
}

/** A closed shard read to its end: never read again. */
async function markDone(deps: StreamDeps, label: string, shardId: string) {
  await updateItem(deps.platform, {
    Key: checkpointKey(deps, label, shardId),
    UpdateExpression: 'SET #type = :type, shardId = :shard, done = :yes',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':type': 'streamCheckpoint', ':shard': shardId, ':yes': true },
  });
}

/**
 * The stream client reads an empty map attribute as `{}` (no union member set), which unmarshall
 * refuses: read it as the empty map it was.
 */
const repaired = (value: AttributeValue): AttributeValue => {
  if (Object.keys(value).length === 0) return { M: {} };
  if (value.M) return { M: Object.fromEntries(Object.entries(value.M).map(([k, v]) => [k, repaired(v)])) };
  if (value.L) return { L: value.L.map(repaired) };
  return value;
};

/** The new audit items among the records (nothing else becomes an event). */
const newAuditItems = (records: _Record[]) =>
  records
    .filter((r) => r.eventName === 'INSERT' && (r.dynamodb?.NewImage as Record<string, AttributeValue> | undefined)?.type?.S === 'audit')
    .map((r) => unmarshall(repaired({ M: r.dynamodb!.NewImage as Record<string, AttributeValue> }).M!));

/**
 * One pass over the stream: every shard with unread records, up to BATCHES_PER_PASS batches
 * each. Returns how many records it read.
 */
export async function readStreamOnce(deps: StreamDeps, handle: (items: Record<string, unknown>[]) => Promise<void>): Promise<number> {
  const stream = await latestStream(deps);
  if (!stream) return 0;
  const [shards, marks] = await Promise.all([shardsOf(deps, stream.arn), checkpoints(deps, stream.label)]);
  const known = new Set(shards.map((s) => s.ShardId));
  let read = 0;
  let failed = 0;
  for (const shard of shards) {
    const id = shard.ShardId!;
    const mark = marks.get(id) ?? {};
    if (mark.done) continue;
    const parent = shard.ParentShardId;
    if (parent && known.has(parent) && !marks.get(parent)?.done) continue;
    // A shard that fails (AWS still refusing after the SDK's retries) waits for the next pass from
    // its checkpoint; the others go on, so a long fault never stops every shard at once.
    try {
      read += await readShard(deps, stream, id, mark, marks, handle);
    } catch (e) {
      failed++;
      log.warn({ err: e, shardId: id }, 'webhook worker: a stream shard failed; it resumes from its checkpoint');
    }
  }
  // Nothing read and something failed: the caller hears of it (and pauses) rather than spinning.
  if (failed > 0 && read === 0) throw new Error(`${failed} stream shards failed and none was read`);
  return read;
}

/** Up to BATCHES_PER_PASS batches of one shard, each checkpointed once handled. */
async function readShard(
  deps: StreamDeps, stream: { arn: string; label: string }, id: string, mark: Checkpoint, marks: Map<string, Checkpoint>,
  handle: (items: Record<string, unknown>[]) => Promise<void>,
): Promise<number> {
  let read = 0;
  let iterator = await iteratorFor(deps, stream.arn, id, mark.sequence);
  for (let batch = 0; iterator && batch < BATCHES_PER_PASS; batch++) {
    const out = await deps.streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: BATCH_RECORDS }));
    const records = out.Records ?? [];
    if (records.length > 0) {
      await handle(newAuditItems(records));
      read += records.length;
      const sequence = records[records.length - 1].dynamodb!.SequenceNumber!;
      await saveCheckpoint(deps, stream.label, id, sequence);
      marks.set(id, { sequence });
    }
    iterator = out.NextShardIterator;
    if (!iterator) {
      await markDone(deps, stream.label, id);
      marks.set(id, { ...marks.get(id), done: true });
    }
    if (records.length === 0) break;
  }
  return read;
}

async function iteratorFor(deps: StreamDeps, arn: string, shardId: string, after: string | undefined): Promise<string | undefined> {
  const get = (type: 'AFTER_SEQUENCE_NUMBER' | 'TRIM_HORIZON') =>
    deps.streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId: shardId, ShardIteratorType: type, ...(type === 'AFTER_SEQUENCE_NUMBER' ? { SequenceNumber: after } : {}) }));
  try {
    return (await get(after ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON')).ShardIterator;
  } catch (e) {
    // The checkpoint fell out of the stream's 24 hours: start from what is left.
    if ((e as Error).name === 'TrimmedDataAccessException') return (await get('TRIM_HORIZON')).ShardIterator;
    throw e;
  }
}

/**
 * Marks everything the stream holds now as handled, without queuing anything: for a local stack
 * whose earlier changes (other suites' tenants) no endpoint should hear of. Never in production.
 */
export async function skipBacklog(deps: StreamDeps, maxMs = 180_000): Promise<number> {
  const deadline = Date.now() + maxMs;
  let skipped = 0;
  for (;;) {
    const read = await readStreamOnce(deps, async () => undefined);
    skipped += read;
    // Less than one full batch: it reached the end (others may be writing meanwhile).
    if (read < BATCH_RECORDS || Date.now() > deadline) return skipped;
  }
}

// The next batch of one destination: its tenant's audit entries after its cursor, oldest first,
// settled (older than STREAM_LIMITS.settleMs: writers in other processes may still commit earlier
// ids), up to batchEntries and batchBytes. One strongly consistent Query of the audit partition.
import 'server-only';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeTime } from 'ulid';
import { keys, type TenantDb } from '../../db';
import { STREAM_LIMITS } from '../limits';
import { entryBytes, streamedEntry, type StreamedEntry } from '../transport';

export interface NextBatch {
  entries: StreamedEntry[];
  /** Entries remain after this batch (cut by size, or the Query's page ended). */
  more: boolean;
  /** When the first entry not settled yet may be sent, if there is one. */
  settlesAt?: number;
  /** The time of the first entry not in this batch, when known: the lag after it is sent. */
  nextEntryAt?: string;
}

export interface BatchBounds {
  entries?: number;
  bytes?: number;
  settleMs?: number;
}

export async function readNextBatch(db: TenantDb, cursor: string | undefined, now: number, bounds: BatchBounds = {}): Promise<NextBatch> {
  const maxEntries = bounds.entries ?? STREAM_LIMITS.batchEntries;
  const maxBytes = bounds.bytes ?? STREAM_LIMITS.batchBytes;
  const settledBy = now - (bounds.settleMs ?? STREAM_LIMITS.settleMs);
  const out = await db.client.send(new QueryCommand({
    TableName: db.tableName,
    KeyConditionExpression: cursor ? 'PK = :pk AND SK > :cursor' : 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.auditPartition(db.tenantId), ...(cursor ? { ':cursor': cursor } : {}) },
    Limit: maxEntries, ConsistentRead: true,
  }));
  const items = out.Items ?? [];
  const entries: StreamedEntry[] = [];
  let bytes = 0;
  for (const item of items) {
    const id = String(item.SK);
    if (decodeTime(id) > settledBy) return { entries, more: false, settlesAt: decodeTime(id) + (now - settledBy), nextEntryAt: String(item.at) };
    const entry = streamedEntry(item);
    const size = entryBytes(entry);
    // One entry larger than a batch still goes, alone: an entry is bounded far below it (400 KB items).
    if (entries.length > 0 && bytes + size > maxBytes) return { entries, more: true, nextEntryAt: entry.at };
    entries.push(entry);
    bytes += size;
  }
  return { entries, more: Boolean(out.LastEvaluatedKey) };
}

// Counts what a DynamoDB client sends: requests (every attempt, retries included) by operation,
// the read and write capacity DynamoDB reports as consumed (ReturnConsumedCapacity is switched
// on for every operation that supports it), the items written, and the bytes of the items
// returned (for the "ideal" capacity). Attached with SDK middleware, so lib/ code runs unchanged.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DocumentClient } from '../../lib/db';
import { itemSize, readUnits } from './item-size';

const CAPACITY_COMMANDS = new Set([
  'GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand',
  'PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand',
]);
const WRITE_COMMANDS = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

export interface ReadRecord {
  shape: string;
  key: string;
  capacity: number;
  /** Identity and size of each item returned. */
  items: [string, number][];
  /** When the request was sent and answered (ms, monotonic): overlapping requests share a round trip. */
  start: number;
  end: number;
}

export interface MeterCounts {
  requests: number;
  readRequests: number;
  writeRequests: number;
  /** Requests by operation name (QueryCommand, GetItemCommand, ...). */
  byCommand: Record<string, number>;
  /** Read requests by key shape (operation, index, partition key with ids blanked): see keyShape. */
  byShape: Record<string, number>;
  /** Every read request in order: its shape and the exact key it read (partition, and sort key of a GetItem). */
  reads: ReadRecord[];
  /** As DynamoDB Local reports it (it reports 0 for a Query that finds nothing). */
  readCapacity: number;
  /** The same with DynamoDB's minimum per read request applied (0.5, or 1 strongly consistent). */
  readCapacityBilled: number;
  writeCapacity: number;
  /** Items in write requests (each put/update/delete/condition check of a batch or transaction). */
  itemsWritten: number;
  itemsReturned: number;
  /** Bytes of the items returned. */
  bytesReturned: number;
  /** Σ over read requests of ceil(returned bytes / 4 KB) / 2: what the data shown would cost. */
  idealReadCapacity: number;
  /** Bytes of the distinct items returned (an item read twice counts once). */
  distinctBytes: number;
  errors: number;
}

const empty = (): MeterCounts => ({
  requests: 0, readRequests: 0, writeRequests: 0, byCommand: {}, byShape: {}, reads: [], readCapacity: 0, readCapacityBilled: 0, writeCapacity: 0,
  itemsWritten: 0, itemsReturned: 0, bytesReturned: 0, idealReadCapacity: 0, distinctBytes: 0, errors: 0,
});

export class Meter {
  private counts = empty();
  private distinct = new Map<string, number>();
  reset() {
    this.counts = empty();
    this.distinct.clear();
  }
  snapshot(): MeterCounts {
    const distinctBytes = [...this.distinct.values()].reduce((n, b) => n + b, 0);
    return { ...this.counts, byCommand: { ...this.counts.byCommand }, byShape: { ...this.counts.byShape }, reads: [...this.counts.reads], distinctBytes };
  }
  /** Counts of what `fn` sent (the meter is reset first; callers never overlap measurements). */
  async measure<T>(fn: () => Promise<T>): Promise<{ value: T; counts: MeterCounts }> {
    this.reset();
    const value = await fn();
    return { value, counts: this.snapshot() };
  }
  record(command: string, input: Record<string, unknown>, output: Record<string, unknown> | undefined, failed: boolean, start = 0, end = 0) {
    const c = this.counts;
    c.requests++;
    c.byCommand[command] = (c.byCommand[command] ?? 0) + 1;
    if (failed) c.errors++;
    const isWrite = WRITE_COMMANDS.has(command);
    if (isWrite) {
      c.writeRequests++;
      c.itemsWritten += writtenItems(command, input);
    } else {
      c.readRequests++;
      const shape = keyShape(command, input);
      c.byShape[shape] = (c.byShape[shape] ?? 0) + 1;
    }
    const capacity = totalCapacity(output?.ConsumedCapacity);
    if (isWrite) c.writeCapacity += capacity;
    else {
      c.readCapacity += capacity;
      const minimum = command === 'QueryCommand' || command === 'GetItemCommand' || command === 'ScanCommand' ? (input.ConsistentRead ? 1 : 0.5) : 0;
      c.readCapacityBilled += output ? Math.max(capacity, minimum) : 0;
    }
    if (!isWrite && output) {
      const items = returnedItems(output);
      const bytes = items.reduce((n, i) => n + itemSize(i), 0);
      for (const i of items) this.distinct.set(itemIdentity(i), itemSize(i));
      c.reads.push({ shape: keyShape(command, input), key: exactKey(command, input), capacity, items: items.map((i) => [itemIdentity(i), itemSize(i)]), start, end });
      c.itemsReturned += items.length;
      c.bytesReturned += bytes;
      // GetItem and BatchGetItem are charged per item; Query on the sum of what it read.
      const perItem = command === 'GetItemCommand' || command === 'BatchGetItemCommand';
      c.idealReadCapacity += perItem ? items.reduce((n, i) => n + readUnits(itemSize(i)), 0) : items.length ? readUnits(bytes) : 0;
    }
  }
}

function totalCapacity(consumed: unknown): number {
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  return list.reduce((n: number, c: { CapacityUnits?: number }) => n + (c?.CapacityUnits ?? 0), 0);
}

function writtenItems(command: string, input: Record<string, unknown>): number {
  if (command === 'TransactWriteItemsCommand') return (input.TransactItems as unknown[] | undefined)?.length ?? 0;
  if (command === 'BatchWriteItemCommand') {
    return Object.values((input.RequestItems as Record<string, unknown[]>) ?? {}).reduce((n, l) => n + l.length, 0);
  }
  return 1;
}

const AV_KEYS = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS']);
const isAttributeValue = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && AV_KEYS.has(Object.keys(v)[0]);

/** The middleware may see the output before or after the DocumentClient unmarshalls it. */
function asMarshalled(item: Record<string, unknown>): Record<string, AttributeValue> {
  const values = Object.values(item);
  if (values.length > 0 && values.every(isAttributeValue)) return item as Record<string, AttributeValue>;
  return marshall(item, { removeUndefinedValues: true, convertClassInstanceToMap: true });
}

function returnedItems(output: Record<string, unknown>): Record<string, AttributeValue>[] {
  const raw: Record<string, unknown>[] = [];
  if (Array.isArray(output.Items)) raw.push(...(output.Items as Record<string, unknown>[]));
  if (output.Item) raw.push(output.Item as Record<string, unknown>);
  if (output.Responses && typeof output.Responses === 'object') {
    const responses = output.Responses as Record<string, unknown> | unknown[];
    if (Array.isArray(responses)) {
      for (const r of responses) if ((r as { Item?: Record<string, unknown> })?.Item) raw.push((r as { Item: Record<string, unknown> }).Item);
    } else {
      for (const list of Object.values(responses)) raw.push(...(list as Record<string, unknown>[]));
    }
  }
  return raw.map(asMarshalled);
}

const ID = /[0-9A-HJKMNP-TV-Z]{26}/g;
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v !== null && 'S' in v ? String((v as { S: unknown }).S) : '?');
const blank = (key: string) => key.replace(ID, '·');

/**
 * What a read request reads, with ids blanked: `QueryCommand GSI2 T#·#CHILDREN#·`,
 * `GetItemCommand T#·#U#·/UNIT`. Requests of one shape in one screen are one data set read in
 * that many requests (the partition key of a Query is its `:pk` value, as lib/ writes them).
 */
export function keyShape(command: string, input: Record<string, unknown>): string {
  const index = typeof input.IndexName === 'string' ? ` ${input.IndexName}` : '';
  if (command === 'QueryCommand' || command === 'ScanCommand') {
    const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
    return `${command}${index} ${blank(str(values[':pk']))}`;
  }
  if (command === 'GetItemCommand') {
    const key = (input.Key ?? {}) as Record<string, unknown>;
    return `${command} ${blank(str(key.PK))}/${blank(str(key.SK))}`;
  }
  if (command === 'BatchGetItemCommand') {
    const request = Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: Record<string, unknown>[] }>)[0];
    const first = request?.Keys?.[0] ?? {};
    return `${command} ${blank(str(first.PK))}/${blank(str(first.SK))}`;
  }
  return command;
}

function exactKey(command: string, input: Record<string, unknown>): string {
  if (command === 'GetItemCommand') {
    const key = (input.Key ?? {}) as Record<string, unknown>;
    return `${str(key.PK)}/${str(key.SK)}`;
  }
  if (command === 'BatchGetItemCommand') {
    const request = Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: Record<string, unknown>[] }>)[0];
    return (request?.Keys ?? []).map((k) => `${str(k.PK)}/${str(k.SK)}`).sort().join(',');
  }
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  return `${typeof input.IndexName === 'string' ? input.IndexName : 'table'}:${str(values[':pk'])}`;
}

/** Sequential waves of requests: requests that overlap in time count as one round trip. */
export function roundTrips(reads: Pick<ReadRecord, 'start' | 'end'>[]): number {
  let trips = 0;
  let waveEnd = -Infinity;
  for (const r of [...reads].sort((a, b) => a.start - b.start)) {
    if (r.start >= waveEnd) trips++;
    waveEnd = r.start >= waveEnd ? r.end : Math.max(waveEnd, r.end);
  }
  return trips;
}

/** The item's table key when it was returned, else its whole content (projections). */
const itemIdentity = (i: Record<string, AttributeValue>) => (i.PK?.S && i.SK?.S ? `${i.PK.S}\n${i.SK.S}` : JSON.stringify(i));

const attached = new WeakMap<object, Meter>();

/** Adds the counting middleware to a client (once); returns the meter that receives its counts. */
export function attachMeter(client: DocumentClient, meter = new Meter()): Meter {
  const existing = attached.get(client.middlewareStack);
  if (existing) return existing;
  attached.set(client.middlewareStack, meter);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      if (CAPACITY_COMMANDS.has(context.commandName ?? '') && input.ReturnConsumedCapacity === undefined) {
        input.ReturnConsumedCapacity = 'TOTAL';
      }
      return next(args);
    },
    { step: 'initialize', name: 'benchConsumedCapacity' },
  );
  type Args = { input: unknown };
  const count = (next: (args: Args) => Promise<{ output: unknown }>, context: { commandName?: string }) => async (args: Args) => {
    const command = context.commandName ?? 'unknown';
    const input = args.input as Record<string, unknown>;
    const start = performance.now();
    try {
      const result = await next(args);
      meter.record(command, input, result.output as Record<string, unknown>, false, start, performance.now());
      return result;
    } catch (e) {
      meter.record(command, input, undefined, true, start, performance.now());
      throw e;
    }
  };
  client.middlewareStack.addRelativeTo(
    count as never,
    // Inside the retry middleware (every attempt is a request), outside the deserializer (the
    // output is parsed).
    { relation: 'before', toMiddleware: 'deserializerMiddleware', name: 'benchMeter' },
  );
  return meter;
}

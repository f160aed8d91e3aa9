// Within one request, an item is read once until the request writes, and the reads by key that
// the request's parts ask for at the same moment go out together. The route reads what it
// decides on and the domain code it calls gets the same item; on a page, the layout, the header,
// the page and its panels ask independently and share one BatchGetItem (DataLoader batches what
// is asked before the event loop turns, and remembers it). Only whole, strongly consistent reads
// by key (GetItem, BatchGetItem) are batched and remembered; a projected or eventually consistent
// read is served from what is remembered and sends only the keys it does not hold. Any write
// forgets everything, so a write's retry reads the table afresh.
import 'server-only';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import DataLoader from 'dataloader';
import type { ReadClient } from '../db';
import { databaseBusy } from '../errors/errors';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';

type Item = Record<string, unknown>;
type Key = { PK: unknown; SK: unknown };
type Send = (command: unknown, ...rest: unknown[]) => Promise<unknown>;
type BatchOut = { Responses?: Record<string, Item[]>; UnprocessedKeys?: Record<string, { Keys?: Key[] }> };

const id = (k: Key) => `${String(k.PK)}\n${String(k.SK)}`;

export interface ReadOnce {
  /** Sends a read through the request's memory of items; anything else goes straight through. */
  send: Send;
  /** Called for every write: what was read may have changed. */
  forget(): void;
}

/**
 * The attributes a projection asks for: null for none (the whole item), a list when it is plain
 * `#name` placeholders (as lib/db writes them), else undefined (such a read is sent as it is).
 */
function projected(expression: string | undefined, names: Record<string, string> | undefined): string[] | null | undefined {
  if (!expression) return null;
  const attributes = expression.split(',').map((p) => names?.[p.trim()]);
  return attributes.every((a): a is string => typeof a === 'string') ? attributes : undefined;
}

function pick(item: Item, attributes: string[] | null): Item {
  if (!attributes) return structuredClone(item);
  return structuredClone(Object.fromEntries(attributes.filter((a) => a in item).map((a) => [a, item[a]])));
}

/** `client` is the request's own: its writes pass through here too (to forget), unchanged. */
export function readOnce(client: ReadClient): ReadOnce {
  const send = client.send.bind(client) as Send;
  const loaders = new Map<string, DataLoader<Key, Item | null, string>>();
  /** Keys asked of a loader since the last write. */
  const asked = new Set<string>();

  /** One strongly consistent read of `keys` (≤ 100): GetItem for one, else BatchGetItem until nothing is left unprocessed. */
  async function readWhole(table: string, keys: readonly Key[]): Promise<(Item | null)[]> {
    if (keys.length === 1) {
      const out = (await send(new GetCommand({ TableName: table, Key: keys[0] as Record<string, unknown>, ConsistentRead: true }))) as { Item?: Item };
      return [out.Item ?? null];
    }
    const found = new Map<string, Item>();
    let pending = [...keys];
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > RETRY_LIMITS.leftovers) throw databaseBusy();
      if (attempt > 0) await backoff(attempt);
      const out = (await send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending as Record<string, unknown>[], ConsistentRead: true } } }))) as BatchOut;
      for (const item of out.Responses?.[table] ?? []) found.set(id(item as Key), item);
      pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
    }
    return keys.map((k) => found.get(id(k)) ?? null);
  }

  function loader(table: string) {
    let l = loaders.get(table);
    if (!l) {
      // setImmediate: a page's server components ask from different awaits; they all have asked
      // by the time the event loop turns.
      l = new DataLoader((keys) => readWhole(table, keys), { cacheKeyFn: id, maxBatchSize: 100, batchScheduleFn: (run) => setImmediate(run) });
      loaders.set(table, l);
    }
    return l;
  }
  const load = (table: string, key: Key) => {
    asked.add(`${table}\n${id(key)}`);
    return loader(table).load(key);
  };
  const known = (table: string, key: Key) => asked.has(`${table}\n${id(key)}`);

  async function get(command: GetCommand, rest: unknown[]) {
    const { TableName, Key, ConsistentRead, ProjectionExpression, ExpressionAttributeNames } = command.input;
    const attributes = projected(ProjectionExpression, ExpressionAttributeNames);
    if (!TableName || !Key || attributes === undefined) return send(command, ...rest);
    const whole = ConsistentRead === true && attributes === null;
    if (!whole && !known(TableName, Key as Key)) return send(command, ...rest);
    const item = await load(TableName, Key as Key);
    return { ...(item ? { Item: pick(item, attributes) } : {}), $metadata: {} };
  }

  async function batchGet(command: BatchGetCommand, rest: unknown[]) {
    const tables = Object.entries(command.input.RequestItems ?? {});
    const [table, request] = tables[0] ?? [];
    const attributes = projected(request?.ProjectionExpression, request?.ExpressionAttributeNames);
    if (tables.length !== 1 || !table || !request?.Keys || attributes === undefined) return send(command, ...rest);
    const keys = request.Keys as Key[];
    const whole = request.ConsistentRead === true && attributes === null;
    const shared = whole ? keys : keys.filter((k) => known(table, k));
    const unknown = whole ? [] : keys.filter((k) => !known(table, k));
    const [items, own] = await Promise.all([
      Promise.all(shared.map((k) => load(table, k))),
      // What this projected or eventually consistent read asks that nobody has: sent for it alone.
      unknown.length ? (send(new BatchGetCommand({ RequestItems: { [table]: { ...request, Keys: unknown } } }), ...rest) as Promise<BatchOut>) : undefined,
    ]);
    const found = items.flatMap((item) => (item ? [pick(item, attributes)] : []));
    return {
      Responses: { [table]: [...found, ...(own?.Responses?.[table] ?? [])] },
      ...(own?.UnprocessedKeys?.[table]?.Keys?.length ? { UnprocessedKeys: own.UnprocessedKeys } : {}),
      $metadata: {},
    };
  }

  return {
    send: (command, ...rest) => {
      if (command instanceof GetCommand) return get(command, rest);
      if (command instanceof BatchGetCommand) return batchGet(command, rest);
      return send(command, ...rest);
    },
    forget: () => {
      for (const l of loaders.values()) l.clearAll();
      asked.clear();
    },
  };
}

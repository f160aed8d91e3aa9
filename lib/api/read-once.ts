// Within one request, an item is read once until the request writes: the route reads what it
// decides on, and the domain code it calls gets the same item instead of reading it again. Only
// whole, strongly consistent reads by key are shared (GetItem, BatchGetItem). Any write forgets
// everything, so a write's retry reads the table afresh. Server-only.
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from '../db';

type Item = Record<string, unknown>;
type Key = { PK: unknown; SK: unknown };
type Send = (command: unknown, ...rest: unknown[]) => Promise<unknown>;

const id = (k: Key) => `${String(k.PK)}\n${String(k.SK)}`;

export interface ReadOnce {
  /** Sends a read through the request's memory of items; anything else goes straight through. */
  send: Send;
  /** Called for every write: what was read may have changed. */
  forget(): void;
}

export function readOnce(client: DocumentClient): ReadOnce {
  const send = client.send.bind(client) as Send;
  // null: read, and not there.
  const seen = new Map<string, Item | null>();
  const copy = (item: Item | null) => (item ? structuredClone(item) : undefined);

  async function get(command: GetCommand, rest: unknown[]) {
    const { Key, ConsistentRead, ProjectionExpression } = command.input;
    if (!Key || !ConsistentRead || ProjectionExpression) return send(command, ...rest);
    const k = id(Key as Key);
    if (!seen.has(k)) {
      const out = (await send(command, ...rest)) as { Item?: Item };
      seen.set(k, out.Item ?? null);
    }
    return { Item: copy(seen.get(k)!), $metadata: {} };
  }

  async function batchGet(command: BatchGetCommand, rest: unknown[]) {
    const tables = Object.entries(command.input.RequestItems ?? {});
    const [table, request] = tables[0] ?? [];
    if (tables.length !== 1 || !request?.Keys || request.ConsistentRead !== true || request.ProjectionExpression) return send(command, ...rest);
    const keys = request.Keys as Key[];
    const missing = keys.filter((k) => !seen.has(id(k)));
    let unprocessed: Key[] = [];
    if (missing.length > 0) {
      const out = (await send(new BatchGetCommand({ RequestItems: { [table!]: { ...request, Keys: missing } } }), ...rest)) as {
        Responses?: Record<string, Item[]>;
        UnprocessedKeys?: Record<string, { Keys?: Key[] }>;
      };
      for (const item of out.Responses?.[table!] ?? []) seen.set(id(item as Key), item);
      unprocessed = out.UnprocessedKeys?.[table!]?.Keys ?? [];
      const pending = new Set(unprocessed.map(id));
      for (const k of missing) if (!seen.has(id(k)) && !pending.has(id(k))) seen.set(id(k), null);
    }
    const found = keys.flatMap((k) => (seen.get(id(k)) ? [copy(seen.get(id(k))!)!] : []));
    return {
      Responses: { [table!]: found },
      ...(unprocessed.length ? { UnprocessedKeys: { [table!]: { ...request, Keys: unprocessed } } } : {}),
      $metadata: {},
    };
  }

  return {
    send: (command, ...rest) => {
      if (command instanceof GetCommand) return get(command, rest);
      if (command instanceof BatchGetCommand) return batchGet(command, rest);
      return send(command, ...rest);
    },
    forget: () => seen.clear(),
  };
}

// Counts what each request asks of DynamoDB: a middleware on the SDK clients (lib/db/client.ts)
// that, while a request is current (./request-context.ts), asks for ReturnConsumedCapacity TOTAL on
// the commands that can return it and adds the answer to the request's counters. Outside a request
// (the CLI, the worker, start-up) it changes nothing: the command goes out exactly as built.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currentRequest, type DynamoDbUsage } from './request-context';

/** The operations whose input takes ReturnConsumedCapacity. */
const REPORTS_CAPACITY = new Set([
  'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan', 'BatchGetItem', 'BatchWriteItem',
  'TransactGetItems', 'TransactWriteItems', 'ExecuteStatement', 'BatchExecuteStatement', 'ExecuteTransaction',
]);
const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

type Input = Record<string, unknown>;
type Metadata = { $metadata?: { attempts?: number } };

/** Whether an operation's CapacityUnits are read units (PartiQL: a SELECT) or write units. */
function readsOnly(operation: string, input: Input): boolean {
  if (READS.has(operation)) return true;
  if (operation === 'ExecuteStatement') return /^\s*select\b/i.test(String(input.Statement ?? ''));
  if (operation === 'BatchExecuteStatement' || operation === 'ExecuteTransaction') {
    const statements = (input.Statements ?? input.TransactStatements ?? []) as { Statement?: string }[];
    return statements.every((s) => /^\s*select\b/i.test(String(s.Statement ?? '')));
  }
  return false;
}

/** Adds one answer's ConsumedCapacity (one object, or one per table) to `usage`. */
export function addConsumedCapacity(usage: DynamoDbUsage, operation: string, input: Input, consumed: Capacity | Capacity[] | undefined): void {
  for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
    if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
      usage.consumedRcu += c.ReadCapacityUnits ?? 0;
      usage.consumedWcu += c.WriteCapacityUnits ?? 0;
    } else if (readsOnly(operation, input)) {
      usage.consumedRcu += c.CapacityUnits ?? 0;
    } else {
      usage.consumedWcu += c.CapacityUnits ?? 0;
    }
  }
}

export const DYNAMODB_USAGE_MIDDLEWARE = 'arborDynamoDbUsage';

/** Installs the counter on a client (every client lib/db builds has it). */
export function countDynamoDbUsage(client: Pick<DynamoDBDocumentClient, 'middlewareStack'>): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const usage = currentRequest()?.dynamodb;
      if (!usage) return next(args);
      const operation = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
      usage.requests += 1;
      usage.byOperation[operation] = (usage.byOperation[operation] ?? 0) + 1;
      const input = args.input as Input;
      // A caller that asked for capacity itself (INDEXES) keeps its own request.
      const ask = REPORTS_CAPACITY.has(operation) && input.ReturnConsumedCapacity === undefined;
      const retried = (m: Metadata['$metadata']) => (usage.retries += Math.max(0, (m?.attempts ?? 1) - 1));
      try {
        const result = await next(ask ? { ...args, input: { ...input, ReturnConsumedCapacity: 'TOTAL' } } : args);
        const output = result.output as Metadata & { ConsumedCapacity?: Capacity | Capacity[] };
        addConsumedCapacity(usage, operation, input, output.ConsumedCapacity);
        retried(output.$metadata);
        return result;
      } catch (e) {
        retried((e as Metadata).$metadata);
        throw e;
      }
    },
    // Initialize runs before the document client marshals the input, which keeps this field as is.
    { step: 'initialize', name: DYNAMODB_USAGE_MIDDLEWARE, override: true },
  );
}

// Turns one DynamoDB API request into the IAM authorization requests DynamoDB makes for it:
// action, resource ARN (table or `table/<t>/index/<i>`) and the `dynamodb:LeadingKeys` values
// of every item or partition it touches. Batch operations are authorized per table with all
// their keys; transactions item by item as the underlying action (Put → PutItem, Update →
// UpdateItem, Delete → DeleteItem, ConditionCheck → ConditionCheckItem, Get → GetItem).
import { partitionKeyValues, type AttributeValue } from './key-condition';

export interface TableKeys {
  hashKey: string;
  /** Index name → its partition-key attribute. */
  indexes: Record<string, string>;
}

export interface AuthorizationItem {
  action: string;
  resource: string;
  /** Undefined when the request touches no partition key (Scan, table operations, unreadable input). */
  leadingKeys?: string[];
  /** `dynamodb:EnclosingOperation` for items of a transaction. */
  enclosingOperation?: string;
}

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const tableNameOf = (nameOrArn: string) => (nameOrArn.startsWith('arn:') ? nameOrArn.split(':table/')[1]?.split('/')[0] ?? nameOrArn : nameOrArn);

/** Every table a request names (to look up key schemas before deriving). */
export function tablesIn(body: Body): string[] {
  const names = new Set<string>();
  if (typeof body.TableName === 'string') names.add(tableNameOf(body.TableName));
  if (body.RequestItems && typeof body.RequestItems === 'object') Object.keys(body.RequestItems).forEach((t) => names.add(tableNameOf(t)));
  if (Array.isArray(body.TransactItems)) {
    for (const item of body.TransactItems) {
      for (const part of Object.values(item ?? {}) as Body[]) if (typeof part?.TableName === 'string') names.add(tableNameOf(part.TableName));
    }
  }
  return [...names];
}

/** The string DynamoDB puts in `dynamodb:LeadingKeys` for a key attribute value. */
function keyString(value: AttributeValue | undefined): string | undefined {
  const v = value?.S ?? value?.N ?? value?.B;
  return typeof v === 'string' ? v : undefined;
}

export interface DeriveContext {
  keysOf(table: string): TableKeys | undefined;
  /** The ARN of a table (or an index of it) in the request's region and account. */
  arnOf(table: string, index?: string): string;
}

export function authorizationItems(operation: string, body: Body, ctx: DeriveContext): AuthorizationItem[] {
  const resource = (nameOrArn: string, index?: string) => {
    const base = nameOrArn.startsWith('arn:') ? nameOrArn : ctx.arnOf(nameOrArn);
    return index ? `${base}/index/${index}` : base;
  };
  const hashKey = (table: string) => ctx.keysOf(tableNameOf(table))?.hashKey;
  const leading = (values: (string | undefined)[]) => {
    const known = values.filter((v): v is string => v !== undefined);
    // One unreadable key makes the whole set unknown: never evaluate a subset of the keys.
    return known.length === values.length && known.length > 0 ? [...new Set(known)] : undefined;
  };
  const itemKey = (table: string, record: Body | undefined) => {
    const attribute = hashKey(table);
    return leading([attribute ? keyString(record?.[attribute]) : undefined]);
  };
  const item = (action: string, table: string, record: Body | undefined, enclosingOperation?: string): AuthorizationItem => ({
    action: `dynamodb:${action}`,
    resource: resource(table),
    leadingKeys: itemKey(table, record),
    ...(enclosingOperation ? { enclosingOperation } : {}),
  });

  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [item(operation, body.TableName, body.Key)];
    case 'PutItem':
      return [item(operation, body.TableName, body.Item)];
    case 'Query': {
      const table = tableNameOf(body.TableName ?? '');
      const keys = ctx.keysOf(table);
      const attribute = body.IndexName ? keys?.indexes[body.IndexName] : keys?.hashKey;
      const values = attribute ? partitionKeyValues(body, attribute).map(keyString) : [];
      return [{ action: 'dynamodb:Query', resource: resource(body.TableName ?? '', body.IndexName), leadingKeys: leading(values) }];
    }
    case 'Scan':
      return [{ action: 'dynamodb:Scan', resource: resource(body.TableName ?? '', body.IndexName) }];
    case 'BatchGetItem':
      return Object.entries((body.RequestItems ?? {}) as Record<string, Body>).map(([table, request]) => {
        const attribute = hashKey(table);
        const keys = ((request?.Keys ?? []) as Body[]).map((k) => (attribute ? keyString(k?.[attribute]) : undefined));
        return { action: 'dynamodb:BatchGetItem', resource: resource(table), leadingKeys: leading(keys) };
      });
    case 'BatchWriteItem':
      return Object.entries((body.RequestItems ?? {}) as Record<string, Body[]>).map(([table, requests]) => {
        const attribute = hashKey(table);
        const keys = (requests ?? []).map((r) => {
          const record = r?.PutRequest?.Item ?? r?.DeleteRequest?.Key;
          return attribute ? keyString(record?.[attribute]) : undefined;
        });
        return { action: 'dynamodb:BatchWriteItem', resource: resource(table), leadingKeys: leading(keys) };
      });
    case 'TransactGetItems':
      return ((body.TransactItems ?? []) as Body[]).map((t) => item('GetItem', t?.Get?.TableName ?? '', t?.Get?.Key, 'TransactGetItems'));
    case 'TransactWriteItems':
      return ((body.TransactItems ?? []) as Body[]).map((t) => {
        if (t?.Put) return item('PutItem', t.Put.TableName ?? '', t.Put.Item, 'TransactWriteItems');
        if (t?.Update) return item('UpdateItem', t.Update.TableName ?? '', t.Update.Key, 'TransactWriteItems');
        if (t?.Delete) return item('DeleteItem', t.Delete.TableName ?? '', t.Delete.Key, 'TransactWriteItems');
        return item('ConditionCheckItem', t?.ConditionCheck?.TableName ?? '', t?.ConditionCheck?.Key, 'TransactWriteItems');
      });
    // DynamoDB Streams (same endpoint, `DynamoDBStreams_20120810.*`): authorized on the stream's
    // ARN, which GetRecords carries only inside its shard iterator.
    case 'ListStreams':
      return [{ action: 'dynamodb:ListStreams', resource: '*' }];
    case 'DescribeStream':
    case 'GetShardIterator':
      return [{ action: `dynamodb:${operation}`, resource: streamResource(String(body.StreamArn ?? ''), ctx) }];
    case 'GetRecords':
      return [{ action: 'dynamodb:GetRecords', resource: streamResource(String(body.ShardIterator ?? ''), ctx) }];
    case 'ExecuteStatement':
    case 'BatchExecuteStatement':
    case 'ExecuteTransaction':
      return partiQlItems(body, resource);
    default:
      // Table-level and account-level operations (DescribeTable, ListTables, …): no leading keys.
      return [{ action: `dynamodb:${operation}`, resource: typeof body.TableName === 'string' ? resource(body.TableName) : '*' }];
  }
}

/**
 * The stream ARN in the request's own region and account (DynamoDB Local names its streams in
 * region `ddblocal`), or '*' when none can be read, which no stream statement allows.
 */
function streamResource(text: string, ctx: DeriveContext): string {
  const m = /table\/([\w.-]+)\/stream\/([^|/\s]+)/.exec(text);
  return m ? `${ctx.arnOf(m[1])}/stream/${m[2]}` : '*';
}

// PartiQL is authorized as dynamodb:PartiQL<Verb> on the table; the emulator does not parse
// WHERE clauses, so these requests carry no leading keys (only the operator may use them).
function partiQlItems(body: Body, resource: (t: string) => string): AuthorizationItem[] {
  const statements: string[] = [
    body.Statement,
    ...((body.Statements ?? body.TransactStatements ?? []) as Body[]).map((s) => s?.Statement),
  ].filter((s): s is string => typeof s === 'string');
  return statements.map((statement) => {
    const verb = /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? '';
    const table = /\b(?:FROM|INTO|UPDATE)\s+"?([\w.-]+)"?/i.exec(statement)?.[1] ?? '';
    const action = { SELECT: 'PartiQLSelect', INSERT: 'PartiQLInsert', UPDATE: 'PartiQLUpdate', DELETE: 'PartiQLDelete' }[verb] ?? `PartiQL${verb}`;
    return { action: `dynamodb:${action}`, resource: resource(table) };
  });
}

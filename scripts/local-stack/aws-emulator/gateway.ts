// The IAM-enforcing DynamoDB gateway: authenticates each request's SigV4 signature against the
// emulator's identities, derives the IAM authorization requests DynamoDB would make, evaluates
// them against the caller's identity and session policies, and either answers exactly as
// DynamoDB does on a denial or forwards the request untouched to DynamoDB Local.
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type ServerResponse } from 'node:http';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DIRECT_CREDENTIALS } from '../dynamodb';
import { authorizationItems, tableNameOf, tablesIn, type AuthorizationItem, type TableKeys } from './authorization-requests';
import { evaluate, type Decision } from './evaluator';
import type { FaultInjector } from './faults';
import type { AuthFailure, IdentityStore, Principal } from './identities';
import type { SignedRequest } from './sigv4';

const AUTH_ERRORS: Record<AuthFailure, string> = {
  missing: 'MissingAuthenticationTokenException',
  incomplete: 'IncompleteSignatureException',
  unknownKey: 'UnrecognizedClientException',
  expiredToken: 'ExpiredTokenException',
  badSignature: 'InvalidSignatureException',
  signatureExpired: 'InvalidSignatureException',
};

export interface GatewayStats {
  requests: number;
  /** Forwarded requests by DynamoDB operation (GetItem, Query, …), for bench/. */
  operations: Record<string, number>;
  forwarded: number;
  denied: number;
  authFailures: number;
  /** Requests the SDK sent again (its `amz-sdk-request: attempt=N` header with N > 1), for bench/. */
  retries: number;
}

export function denialMessage(principalArn: string, item: AuthorizationItem, decision: Exclude<Decision, { allowed: true }>): string {
  const base = `User: ${principalArn} is not authorized to perform: ${item.action} on resource: ${item.resource}`;
  const policy = decision.policyType === 'session' ? 'session policy' : 'identity-based policy';
  return decision.reason === 'explicitDeny'
    ? `${base} with an explicit deny in ${decision.policyType === 'session' ? 'a' : 'an'} ${policy}`
    : `${base} because no ${policy} allows the ${item.action} action`;
}

/** DynamoDB's answers for the injected failures (faults.ts), as DynamoDB words them. */
const FAULT_ANSWERS: Record<string, { status: number; type: string; message: string }> = {
  provisionedThroughputExceeded: {
    status: 400,
    type: 'ProvisionedThroughputExceededException',
    message: 'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
  },
  throttling: { status: 400, type: 'ThrottlingException', message: 'Rate of requests exceeds the allowed throughput.' },
  internalServerError: { status: 500, type: 'InternalServerError', message: 'Internal server error' },
};

export function createDynamoDbGateway(input: { store: IdentityStore; dynamoDbEndpoint: string; now?: () => number; faults?: FaultInjector }) {
  const now = input.now ?? Date.now;
  const upstream = new URL(input.dynamoDbEndpoint);
  const direct = new DynamoDBClient({ endpoint: input.dynamoDbEndpoint, region: 'us-east-1', credentials: DIRECT_CREDENTIALS });
  const schemas = new Map<string, Promise<TableKeys | undefined>>();
  const stats: GatewayStats = { requests: 0, operations: {}, forwarded: 0, denied: 0, authFailures: 0, retries: 0 };
  // ClientRequestTokens of transactions forwarded to DynamoDB (most recent 10,000): a retry of one
  // is answered from DynamoDB's idempotency record, never cancelled by an injected fault.
  const appliedTokens = new Set<string>();
  const rememberToken = (token: string | undefined) => {
    if (!token) return;
    appliedTokens.add(token);
    if (appliedTokens.size > 10_000) appliedTokens.delete(appliedTokens.values().next().value as string);
  };

  // Key schemas come from DynamoDB Local itself, so the gateway knows every table and index.
  const keysOf = (table: string) => {
    let found = schemas.get(table);
    if (!found) {
      found = direct
        .send(new DescribeTableCommand({ TableName: table }))
        .then(({ Table }) => {
          const hash = (schema?: { AttributeName?: string; KeyType?: string }[]) => schema?.find((k) => k.KeyType === 'HASH')?.AttributeName ?? '';
          const indexes = [...(Table?.GlobalSecondaryIndexes ?? []), ...(Table?.LocalSecondaryIndexes ?? [])];
          return { hashKey: hash(Table?.KeySchema), indexes: Object.fromEntries(indexes.map((i) => [i.IndexName ?? '', hash(i.KeySchema)])) };
        })
        .catch(() => {
          schemas.delete(table); // unknown table: DynamoDB will answer ResourceNotFound if allowed
          return undefined;
        });
      schemas.set(table, found);
    }
    return found;
  };

  function send(res: ServerResponse, status: number, type: string, message: string, extra?: Record<string, unknown>) {
    const body = JSON.stringify({ __type: `com.amazon.coral.service#${type}`, message, ...extra });
    res.writeHead(status, {
      'content-type': 'application/x-amz-json-1.0',
      'content-length': Buffer.byteLength(body),
      'x-amzn-requestid': randomUUID(),
    });
    res.end(body);
  }

  async function authorize(principal: Principal, region: string, operation: string, body: Record<string, unknown>) {
    const tables = tablesIn(body);
    const known = new Map(await Promise.all(tables.map(async (t) => [t, await keysOf(t)] as const)));
    const items = authorizationItems(operation, body, {
      keysOf: (t) => known.get(t),
      arnOf: (t, index) => `arn:aws:dynamodb:${region}:${principal.accountId}:table/${t}${index ? `/index/${index}` : ''}`,
    });
    for (const item of items) {
      const decision = evaluate(
        {
          principalArn: principal.arn,
          action: item.action,
          resource: item.resource,
          context: {
            'dynamodb:LeadingKeys': item.leadingKeys,
            'dynamodb:EnclosingOperation': item.enclosingOperation,
            'aws:PrincipalAccount': principal.accountId,
            'aws:RequestedRegion': region,
          },
        },
        { identity: principal.identityPolicies, session: principal.sessionPolicy },
      );
      if (!decision.allowed) return denialMessage(principal.arn, item, decision);
    }
    return undefined;
  }

  /** A transaction cancelled for one item, as DynamoDB reports it: met another transaction, or throttled. */
  function sendCancelled(res: ServerResponse, body: Record<string, unknown>, reason: 'TransactionConflict' | 'ThrottlingError') {
    const count = Array.isArray(body.TransactItems) ? body.TransactItems.length : 1;
    const at = Math.floor(Math.random() * count);
    const message = reason === 'TransactionConflict' ? 'Transaction is ongoing for the item' : 'Throughput exceeds the current capacity for one or more global secondary indexes. DynamoDB is automatically scaling your index so please be patient';
    const reasons = Array.from({ length: count }, (_, i) => (i === at ? { Code: reason, Message: message } : { Code: 'None' }));
    const summary = `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`;
    send(res, 400, 'TransactionCanceledException', summary, { CancellationReasons: reasons });
  }

  function forward(request: SignedRequest, res: ServerResponse, loseAnswer = false) {
    const out = httpRequest(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        if (loseAnswer) {
          // DynamoDB has applied the request; the caller never hears so.
          answer.resume();
          answer.on('end', () => res.socket?.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', (e) => send(res, 500, 'InternalServerError', `DynamoDB Local is unreachable: ${e.message}`));
    out.end(request.body);
  }

  return {
    stats: () => ({ ...stats, operations: { ...stats.operations } }),
    async handle(request: SignedRequest, res: ServerResponse) {
      stats.requests++;
      if (Number(/attempt=(\d+)/.exec(String(request.headers['amz-sdk-request'] ?? ''))?.[1] ?? 1) > 1) stats.retries++;
      const auth = input.store.authenticate(request, 'dynamodb', now());
      if (!auth.ok) {
        stats.authFailures++;
        return send(res, 400, AUTH_ERRORS[auth.failure], auth.message);
      }
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = target.split('.')[1] ?? '';
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body.toString('utf8') || '{}');
        if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
      } catch {
        return send(res, 400, 'SerializationException', 'Start of structure or map found where not expected.');
      }
      const denial = await authorize(auth.principal, auth.region, operation, body);
      if (denial) {
        stats.denied++;
        return send(res, 400, 'AccessDeniedException', denial);
      }
      if (['CreateTable', 'DeleteTable', 'UpdateTable'].includes(operation) && typeof body.TableName === 'string') {
        schemas.delete(tableNameOf(body.TableName));
      }
      const token = operation === 'TransactWriteItems' && typeof body.ClientRequestToken === 'string' ? body.ClientRequestToken : undefined;
      const fault = input.faults?.decide('dynamodb', operation, { replay: token !== undefined && appliedTokens.has(token) });
      if (fault?.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
      if (fault?.failure === 'dropConnection') return void res.socket?.destroy();
      if (fault?.failure === 'transactionConflict') return sendCancelled(res, body, 'TransactionConflict');
      if (fault?.failure === 'transactionThrottled') return sendCancelled(res, body, 'ThrottlingError');
      const answer = fault?.failure ? FAULT_ANSWERS[fault.failure] : undefined;
      if (answer) return send(res, answer.status, answer.type, answer.message);
      rememberToken(token);
      stats.forwarded++;
      stats.operations[operation] = (stats.operations[operation] ?? 0) + 1;
      forward(request, res, fault?.failure === 'lostResponse');
    },
    close: () => direct.destroy(),
  };
}

// One operation as the document describes it: its parameters and body from the schemas the
// handler parses with, its successful answer, and every refusal it can answer.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ZodObject, type ZodType } from 'zod';
import type { ListedOperation } from '../api/operations';
import type { ErrorKind } from '../errors';
import { STATUS } from '../errors/http';
import { ERROR_ANSWERS, errorAnswer, successHeaders, type SecurityScheme } from './components';

/** What every operation can answer, whatever it does. */
const ALWAYS: ErrorKind[] = ['invalid', 'unauthenticated', 'forbidden', 'rateLimited'];

const IDEMPOTENCY: Partial<Record<ErrorKind, string>> = {
  conflict: 'With an `Idempotency-Key`: the first request with that key is still running (`request.idempotencyInFlight`); retry shortly for its result.',
  limit: 'With an `Idempotency-Key`: the key was used before with a different request (`request.idempotencyMismatch`).',
};

const SUCCESS: Record<number, string> = { 200: 'OK.', 201: 'Created.', 202: 'Accepted.' };

const security = (schemes: SecurityScheme[]) => schemes.map((s) => ({ [s]: [] }));

function successAnswers(op: ListedOperation): RouteConfig['responses'] {
  const headers = successHeaders(op.idempotent === true);
  const answers: RouteConfig['responses'] = {};
  if (!op.response) {
    answers[204] = { description: 'Done; nothing to answer.', headers };
  } else if ('mediaType' in op.response) {
    answers[op.status ?? 200] = { description: op.response.description, headers, content: { [op.response.mediaType]: { schema: { type: 'string' } } } };
  } else {
    const status = op.status ?? 200;
    answers[status] = { description: SUCCESS[status] ?? 'Done.', headers, content: { 'application/json': { schema: op.response } } };
  }
  if (op.accepted) {
    answers[202] = {
      description: 'Accepted: the change runs as a job; poll `GET /api/v1/jobs/{jobId}` until it is finished.',
      headers,
      content: { 'application/json': { schema: op.accepted } },
    };
  }
  return answers;
}

function errorAnswers(op: ListedOperation): RouteConfig['responses'] {
  const kinds = new Set<ErrorKind>([...ALWAYS, ...(op.errors ?? [])]);
  // withActor refuses a body over the operation's limit; idempotency adds its own refusals.
  if (op.body) kinds.add('tooLarge');
  if (op.idempotent) for (const kind of Object.keys(IDEMPOTENCY) as ErrorKind[]) kinds.add(kind);
  const sorted = [...kinds].sort((a, b) => STATUS[a] - STATUS[b]);
  return Object.fromEntries(
    sorted.map((kind) => {
      const more = op.idempotent ? IDEMPOTENCY[kind] : undefined;
      return [STATUS[kind], more ? errorAnswer(kind, more) : { $ref: `#/components/responses/${ERROR_ANSWERS[kind].name}` }];
    }),
  );
}

/** Path and query schemas are objects: each property is one parameter. */
function parameters(op: ListedOperation, schema: ZodType, where: 'params' | 'query'): ZodObject {
  if (schema instanceof ZodObject) return schema;
  throw new Error(`${op.operationId}: its ${where} schema must be a z.object to be documented`);
}

function describe(op: ListedOperation): string | undefined {
  const personOnly = op.personOnly ? 'Only a signed-in person may call it: an API key is refused (403 `apiKey.personOnly`).' : undefined;
  const parts = [op.description, personOnly].filter(Boolean);
  return parts.length ? parts.join('\n\n') : undefined;
}

export function operationRoute(op: ListedOperation): RouteConfig {
  const description = describe(op);
  return {
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    summary: op.summary,
    ...(description ? { description } : {}),
    tags: [op.tag],
    security: security(op.personOnly ? ['session'] : ['apiKey', 'session']),
    ...(op.idempotent ? { parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }] } : {}),
    request: {
      ...(op.params ? { params: parameters(op, op.params, 'params') } : {}),
      ...(op.query ? { query: parameters(op, op.query, 'query') } : {}),
      ...(op.body
        ? { body: { required: !op.body.safeParse(undefined).success, content: { 'application/json': { schema: op.body } } } }
        : {}),
    },
    responses: { ...successAnswers(op), ...errorAnswers(op) },
  };
}

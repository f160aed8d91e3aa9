// Maps any thrown value to an HTTP status and a body safe to show a browser.
// Unknown errors are logged server-side and reported generically: no stack traces leave the server.
import { appendFileSync } from 'node:fs';
import { config } from '../config';
import { ArborError, type ErrorKind } from './index';

export const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  limit: 422,
  rateLimited: 429,
  unavailable: 503,
};

export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export function toHttpError(e: unknown): { status: number; body: ErrorBody } {
  if (e instanceof ArborError) {
    return { status: STATUS[e.kind], body: { error: { code: e.code, message: e.message, details: e.details } } };
  }
  if (isMalformedRequest(e)) recordBug(e);
  else console.error('[arbor] unexpected error', e);
  return {
    status: 500,
    body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
  };
}

export function errorResponse(e: unknown): Response {
  const { status, body } = toHttpError(e);
  return Response.json(body, { status });
}

/**
 * DynamoDB's ValidationException: a request it refused as malformed (a key over its size, an
 * empty key value…). Input is checked before any request is built, so this is always a bug.
 */
function isMalformedRequest(e: unknown): e is Error {
  return e instanceof Error && e.name === 'ValidationException' && '$metadata' in e;
}

function recordBug(e: Error) {
  console.error('[arbor] bug: DynamoDB refused a request as malformed; an input check is missing', e);
  const file = config().ARBOR_BUG_LOG;
  if (file) appendFileSync(file, `${new Date().toISOString()} ${e.message}\n${e.stack ?? ''}\n\n`);
}

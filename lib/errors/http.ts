// Maps any thrown value to an HTTP status and a body safe to show a browser.
// Unknown errors are logged server-side and reported generically: no stack traces leave the server.
import { log } from '../observability';
import { appendFileSync } from 'node:fs';
import { config } from '../config';
import { databaseBusy } from './errors';
import { isTransientAwsError } from './aws-failures';
import { ArborError, type ErrorKind } from './index';

export const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
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
  // AWS still refusing after every retry: the person can try again, and is told so.
  if (isTransientAwsError(e)) {
    log.warn({ err: e }, 'AWS kept refusing after the retries ran out');
    return toHttpError(databaseBusy(e));
  }
  if (isMalformedRequest(e)) recordBug(e);
  else log.error({ err: e }, 'unexpected error');
  return {
    status: 500,
    body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
  };
}

export function errorResponse(e: unknown): Response {
  const { status, body } = toHttpError(e);
  const headers: Record<string, string> = {};
  // A 503 is "not now": clients and the console wait a moment before trying again.
  if (status === 503) headers['retry-after'] = '2';
  // RFC 9110 §15.5.6: a 405 names the methods the resource answers.
  if (status === 405 && Array.isArray(body.error.details?.allow)) headers.allow = body.error.details.allow.join(', ');
  return Response.json(body, { status, headers });
}

/**
 * DynamoDB's ValidationException: a request it refused as malformed (a key over its size, an
 * empty key value…). Input is checked before any request is built, so this is always a bug.
 */
function isMalformedRequest(e: unknown): e is Error {
  return e instanceof Error && e.name === 'ValidationException' && '$metadata' in e;
}

function recordBug(e: Error) {
  log.error({ err: e }, 'bug: DynamoDB refused a request as malformed; an input check is missing');
  const file = config().ARBOR_BUG_LOG;
  if (file) appendFileSync(file, `${new Date().toISOString()} ${e.message}\n${e.stack ?? ''}\n\n`);
}

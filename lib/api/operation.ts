// An operation of the public API as data: where it lives, what it takes (the zod schemas the
// route handler parses with), what it answers. The route passes it to `withActor`, which types
// the handler's answer from `response`; lib/openapi builds /api/v1/openapi.json and ./client.ts
// types the console's calls from the same objects, so none of the three can drift from another.
import type { z, ZodType } from 'zod';
import type { ErrorKind } from '../errors';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The answer of an operation that is not JSON (CSV exports): its handler builds the Response. */
export interface MediaAnswer {
  mediaType: string;
  description: string;
}

export interface OperationShape<P = undefined, Q = undefined, B = undefined> {
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Status of a successful JSON result (default 200; a handler returning nothing answers 204). */
  status?: number;
  /** The route touches only the actor's own data (their profile and memberships): no place to authorize. */
  selfOnly?: boolean;
  /** The largest request body the route reads, in bytes (default 64 KiB). */
  maxBodyBytes?: number;
  /**
   * Only a signed-in person may call it, never an API key: the operations that mint or change
   * credentials and sign-in (API keys, directory tokens, setup links, SSO, domains), and the
   * actor's own profile.
   */
  personOnly?: boolean;
  /**
   * A check operation (docs/checks.md): reads only, counted against the check rate limits, and
   * the only operations a check key (`scope: "check"`) may call.
   */
  check?: boolean;
  /** What one request counts against an API key's rate limits (default 1): more for costly reads such as a rendered export. */
  ratePoints?: number;
  /** A creating request: an `Idempotency-Key` header makes a retry answer the first result. */
  idempotent?: boolean;
  /** The body of a successful answer, or the media type of a non-JSON one; none: 204. */
  response?: ZodType | MediaAnswer;
  /** The body of a 202 answer, for an operation that may hand a large change to a job. */
  accepted?: ZodType;
}

export interface Operation<P = undefined, Q = undefined, B = undefined> extends OperationShape<P, Q, B> {
  method: HttpMethod;
  /** The OpenAPI path, parameters in braces: `/api/v1/units/{unitId}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** The reference page's section. */
  tag: string;
  /** Refusals beyond the ones every operation can answer (400, 401, 403, 429). */
  errors?: readonly ErrorKind[];
}

/**
 * Declares an operation; the identity function keeps its exact type (literal method and path,
 * the schemas themselves), from which the handler's answer and the console's call are typed.
 */
export const operation = <const O extends Operation<any, any, any>>(op: O): O => op;

/** What a part of a request is once parsed (`params`, `query`, `body`): undefined when not declared. */
export type Parsed<O, K extends 'params' | 'query' | 'body'> = O extends { [k in K]: ZodType } ? z.output<O[K]> : undefined;

/** What a caller sends as a part of a request, before parsing (a query's numbers may be strings). */
export type Sent<O, K extends 'params' | 'query' | 'body'> = O extends { [k in K]: ZodType } ? z.input<O[K]> : undefined;

/** The body of a successful JSON answer; void for a 204, never for a non-JSON one. */
export type ResponseBody<O> = O extends { response: ZodType } ? z.output<O['response']> : O extends { response: MediaAnswer } ? never : void;

/** The body of a 202, for an operation that may hand its change to a job. */
export type AcceptedBody<O> = O extends { accepted: ZodType } ? z.output<O['accepted']> : never;

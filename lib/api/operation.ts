// An operation of the public API as data: where it lives, what it takes (the zod schemas the
// route handler parses with), what it answers. The route passes it to `withActor`, and
// lib/openapi builds /api/v1/openapi.json from the same objects, so the document cannot drift
// from what the handlers accept.
import type { ZodType } from 'zod';
import type { ErrorKind } from '../errors';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

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
  /** A creating request: an `Idempotency-Key` header makes a retry answer the first result. */
  idempotent?: boolean;
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
  /** The body of a successful answer, or the media type of a non-JSON one (CSV exports). */
  response?: ZodType | { mediaType: string; description: string };
  /** The body of a 202 answer, for an operation that may hand a large change to a job. */
  accepted?: ZodType;
  /** Refusals beyond the ones every operation can answer (400, 401, 403, 429). */
  errors?: readonly ErrorKind[];
}

/** Declares an operation; the identity function keeps its schema types for the handler. */
export const operation = <P = undefined, Q = undefined, B = undefined>(op: Operation<P, Q, B>): Operation<P, Q, B> => op;

// One typed error family for the whole domain. Each error has a stable dotted code and a
// message a person understands; `lib/errors/http.ts` maps codes to HTTP status once.

export type ErrorKind =
  | 'invalid' // bad input: 400
  | 'unauthenticated' // no or expired session: 401
  | 'forbidden' // the actor may not do this: 403
  | 'notFound' // 404
  | 'conflict' // version changed, duplicate, locked: 409
  | 'tooLarge' // the request itself is larger than accepted: 413
  | 'limit' // a stated limit would be exceeded: 422
  | 'rateLimited' // the same thing was asked too often; try again later: 429
  | 'unavailable'; // a dependency is down: 503

export class ArborError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly details?: Record<string, unknown>;

  constructor(kind: ErrorKind, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ArborError';
    this.kind = kind;
    this.code = code;
    this.details = details;
  }
}

export const invalid = (code: string, message: string, details?: Record<string, unknown>) =>
  new ArborError('invalid', code, message, details);
export const forbidden = (code: string, message: string, details?: Record<string, unknown>) =>
  new ArborError('forbidden', code, message, details);
export const notFound = (code: string, message: string, details?: Record<string, unknown>) =>
  new ArborError('notFound', code, message, details);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new ArborError('conflict', code, message, details);
export const limitExceeded = (code: string, message: string, details?: Record<string, unknown>) =>
  new ArborError('limit', code, message, details);
export const rateLimited = (code: string, message: string, details?: Record<string, unknown>) =>
  new ArborError('rateLimited', code, message, details);
export const payloadTooLarge = (code: string, message: string) => new ArborError('tooLarge', code, message);
export const unauthenticated = (code: string, message: string) =>
  new ArborError('unauthenticated', code, message);
export const unavailable = (code: string, message: string) =>
  new ArborError('unavailable', code, message);

/** A write lost an optimistic-locking race; carries the version now stored. */
export function versionConflict(entity: string, currentVersion: number | undefined, current?: unknown) {
  return conflict(
    `${entity}.versionConflict`,
    `Someone else changed this ${entity} while you were editing. Review the current value and apply your change again.`,
    { currentVersion, current },
  );
}

export const isArborError = (e: unknown): e is ArborError => e instanceof ArborError;

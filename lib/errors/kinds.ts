// The kinds of error, each answered with one HTTP status (lib/errors/http.ts).
export type ErrorKind =
  | 'invalid' // bad input: 400
  | 'unauthenticated' // no or expired session: 401
  | 'forbidden' // the actor may not do this: 403
  | 'notFound' // 404
  | 'methodNotAllowed' // the path exists but does not answer this method: 405, with Allow
  | 'conflict' // version changed, duplicate, locked: 409
  | 'tooLarge' // the request itself is larger than accepted: 413
  | 'limit' // a stated limit would be exceeded: 422
  | 'rateLimited' // the same thing was asked too often; try again later: 429
  | 'unavailable'; // a dependency is down: 503

// Browser-side calls to Arbor's JSON API, typed by the same operations the route handlers run
// with (./operations): `call('units.rename', { params: { unitId }, body: { name, expectedVersion } })`
// knows the method, the path, what to send and what comes back, so the console and the API cannot
// drift. Only types come from the operations; the method and path by name come from the generated
// ./operation-routes.ts, checked against them below when this compiles. Errors come back as the
// typed body from lib/errors/http.ts and are rethrown as ApiError so screens can show the message
// and react to the code (for example a version conflict).
import type { AcceptedBody, ResponseBody, Sent } from './operation';
import { OPERATION_ROUTES } from './operation-routes';
import type { CONSOLE_OPERATIONS } from './operations';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isConflict() {
    return this.code.endsWith('.versionConflict');
  }
}

type Areas = typeof CONSOLE_OPERATIONS;

/** An operation by name: `units.rename`. */
export type OperationName = { [A in keyof Areas]: `${A & string}.${keyof Areas[A] & string}` }[keyof Areas];

/** The operation `N` names. */
export type OperationNamed<N extends OperationName> = N extends `${infer A extends keyof Areas & string}.${infer K}`
  ? Areas[A][K & keyof Areas[A]]
  : never;

// The generated table must say what the operations say: a stale or edited entry does not compile.
OPERATION_ROUTES satisfies { readonly [N in OperationName]: readonly [Uppercase<OperationNamed<N>['method']>, OperationNamed<N>['path']] };

type Part<O, K extends 'params' | 'query' | 'body'> = [Sent<O, K>] extends [undefined]
  ? { [k in K]?: never }
  : undefined extends Sent<O, K>
    ? { [k in K]?: Sent<O, K> }
    : { [k in K]: Sent<O, K> };

/** What a call of `N` sends: its path parameters, query and body, as its operation declares them. */
export type CallInput<N extends OperationName> = Part<OperationNamed<N>, 'params'> &
  Part<OperationNamed<N>, 'query'> &
  Part<OperationNamed<N>, 'body'> & { signal?: AbortSignal };

/** What a call of `N` answers: its response (or its 202's body); nothing for a 204. */
export type CallAnswer<N extends OperationName> = ResponseBody<OperationNamed<N>> | AcceptedBody<OperationNamed<N>>;

type Args<N extends OperationName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/** The URL of an operation's path with its parameters filled in and its query appended. */
export function operationUrl(path: string, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]])),
  ).toString();
  return search ? `${filled}?${search}` : filled;
}

/** Calls the operation `N` as the signed-in person (the session cookie), or throws an ApiError. */
export function call<N extends OperationName>(name: N, ...[input]: Args<N>): Promise<CallAnswer<N>> {
  const [method, path] = OPERATION_ROUTES[name];
  const { params, query, body, signal } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal };
  return send(method, operationUrl(path, params, query), body, signal) as Promise<CallAnswer<N>>;
}

async function send(method: string, url: string, body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      // proxy.ts refuses a change that is not JSON (a form on another site can send anything
      // else), a DELETE without a body included.
      headers: method === 'GET' || method === 'HEAD' ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'network', 'Could not reach Arbor. Check your connection and try again.');
  }
  if (response.status === 204) return undefined;
  const answer = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = answer?.error;
    throw new ApiError(response.status, error?.code ?? 'http', error?.message ?? `Request failed (${response.status}).`, error?.details);
  }
  return answer;
}

// One access line per request, written when it ends: who (tenantId, actorId), what (method, route),
// how it went (status, durationMs) and what it cost in DynamoDB (requests, retries, capacity).
// `withRequestLog` wraps a route handler in its request context and writes the line; the shared
// entry points use it (lib/api/actor-entry.ts, lib/setup-links, the SCIM, SAML, auth, internal
// and health routes), so a route gets it by using one of them.
import { logger } from './logger';
import { currentRequest, newRequestContext, runInRequest, type RequestContext } from './request-context';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';

/** The access line of a request that has ended; `debug` for the health checks' steady drip. */
export function logAccess(context: RequestContext, status: number | undefined, level: 'info' | 'debug' = 'info'): void {
  const { requestId, kind, method, route, tenantId, actorId, actorType, dynamodb } = context;
  const durationMs = Math.round((performance.now() - context.startedAt) * 10) / 10;
  logger()[level](
    {
      type: 'access', requestId, kind, method, route, status, durationMs,
      ...(tenantId ? { tenantId } : {}), ...(actorId ? { actorId, actorType } : {}),
      dynamodb: { ...dynamodb, consumedRcu: round(dynamodb.consumedRcu), consumedWcu: round(dynamodb.consumedWcu) },
    },
    `${method} ${route} ${status ?? '-'}`,
  );
}

const round = (n: number) => Math.round(n * 100) / 100;

type Params = Record<string, string | string[] | undefined>;

/**
 * The route's pattern from its path and the values Next matched: each segment that is a
 * parameter's value becomes `{name}` (`/api/saml/01J…/acs` → `/api/saml/{tenantId}/acs`).
 */
export function routePattern(pathname: string, params: Params | undefined): string {
  if (!params) return pathname;
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    // A catch-all's segments stay as sent: `{path}/{path}` would say less than the path.
    if (typeof value === 'string') byValue.set(value, `{${name}}`);
  }
  return pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // not percent-encoded text: compared as it is
      }
      return byValue.get(decoded) ?? segment;
    })
    .join('/');
}

/** Puts the request id on the answer, unless its headers are frozen (the proxy's copy stands then). */
export function withRequestIdHeader(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    // Response.redirect() and fetched responses have immutable headers.
  }
  return response;
}

type RouteArgs = { params?: Promise<Params> } | undefined;

/**
 * A route handler run in its own request context, ending with its access line. `route` names the
 * pattern when the caller knows it (an operation's path); otherwise it comes from the matched
 * parameters. Inside another request context (a wrapper within a wrapper) it adds nothing.
 */
export function withRequestLog<R extends Request, C extends RouteArgs>(
  handler: (request: R, context: C) => Promise<Response> | Response,
  options: { route?: string; level?: 'info' | 'debug' } = {},
): (request: R, context?: C) => Promise<Response> {
  return async (request, given) => {
    // Next always passes the route's context; a direct call (a test, the SCIM handler) may not.
    const context = given as C;
    if (currentRequest()) return handler(request, context);
    const pathname = new URL(request.url).pathname;
    const params = options.route ? undefined : await context?.params?.catch(() => undefined);
    const observed = newRequestContext({
      requestId: requestIdOf(request.headers),
      method: request.method,
      route: options.route ?? routePattern(pathname, params),
      kind: 'api',
    });
    return runInRequest(observed, async () => {
      let status: number | undefined;
      try {
        const response = await handler(request, context);
        status = response.status;
        return withRequestIdHeader(response, observed.requestId);
      } finally {
        // A throw reaches Next, which answers 500.
        logAccess(observed, status ?? 500, options.level);
      }
    });
  };
}

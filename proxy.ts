// Runs before every request except static assets, in this order:
// 1. The cross-site request rule (lib/security/request-origin): a state-changing request from
//    anywhere but Arbor's own pages, or a JSON API call that is not JSON, ends here with a 403,
//    before any route handler or server action runs.
//    A server action whose arguments Next could not decode gets a typed 400 here too, and an
//    /api/v1 request no route answers a JSON 404 or 405 (lib/api/unrouted-request).
// 2. Pages get a Content-Security-Policy with a fresh nonce; Next reads the nonce from the
//    request's CSP header and puts it on its own scripts (so pages must render per request; the
//    console, sign-in and not-found pages do). API responses get a policy that loads nothing.
// 3. Pages learn the requested path, so a protected page that finds no session can send the
//    browser to sign-in and back again.
// 4. Every request gets its id (`x-request-id`: the load balancer's when well formed, else a new
//    one), on the request the app sees and on the answer; the log lines carry it
//    (lib/observability, docs/operations.md).
// The headers that never change are next.config.js `headers()`. Not an authorization layer:
// every page, route and action checks the session itself (lib/auth).
import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_PATH_HEADER } from '@/lib/observability/request-path';
import { config as appConfig } from '@/lib/config';
import { unroutedApiRequest } from '@/lib/api/unrouted-request';
import { errorResponse } from '@/lib/errors/http';
import { isBearerEndpoint, refuseForgedRequest } from '@/lib/security/request-origin';
import { REQUEST_ID_HEADER, requestIdOf } from '@/lib/observability/request-id';
import { isServerAction, refuseMalformedAction } from '@/lib/security/server-action-body';
import { API_CSP, HSTS, pageCsp } from '@/lib/security/security-headers';

const dev = process.env.NODE_ENV === 'development';

export async function proxy(request: NextRequest) {
  const { pathname, search, origin } = request.nextUrl;
  const appUrl = new URL(appConfig().ARBOR_APP_URL);
  const https = appUrl.protocol === 'https:';
  const requestId = requestIdOf(request.headers);
  const secured = <R extends Response>(response: R, csp: string) => withSecurityHeaders(response, csp, https, requestId);

  const refusal = refuseForgedRequest({ method: request.method, pathname, headers: request.headers }, appUrl.origin);
  if (refusal) return secured(errorResponse(refusal), API_CSP);
  const malformed = isServerAction(request) ? await refuseMalformedAction(request) : undefined;
  if (malformed) return secured(errorResponse(malformed), API_CSP);
  const unrouted = unroutedApiRequest(request.method, pathname);
  if (unrouted) return secured(errorResponse(unrouted), API_CSP);

  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  if (pathname.startsWith('/api/') || isBearerEndpoint(pathname)) return secured(NextResponse.next({ request: { headers } }), API_CSP);

  const nonce = newNonce();
  const csp = pageCsp({ nonce, dev, origin, https });
  headers.set('content-security-policy', csp);
  headers.set('x-nonce', nonce);
  headers.set(REQUEST_PATH_HEADER, `${pathname}${search}`);
  return secured(NextResponse.next({ request: { headers } }), csp);
}

function withSecurityHeaders<R extends Response>(response: R, csp: string, https: boolean, requestId: string): R {
  response.headers.set('Content-Security-Policy', csp);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  // HSTS means something only over https, and must never pin a laptop's http://localhost.
  if (https && !dev) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

/** 128 random bits, base64: unguessable and fresh for every page. */
function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

export const config = {
  // Everything but the build's static files (next.config.js gives them their headers): the JSON
  // API and server actions need the request rule as much as pages need the CSP.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};

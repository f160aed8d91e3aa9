// The cross-site request rule, decided from a request's headers alone (proxy.ts applies it to
// every request before any route or server action runs). The session cookie is SameSite=Lax,
// which still lets a sibling subdomain or a page that tricks the browser into a top-level POST
// reach the API; this rule refuses anything that changes state unless the browser says the
// request comes from Arbor's own pages:
// - Origin, when sent, must be the app's public origin (ARBOR_APP_URL), not merely the Host the
//   request arrived on: behind a load balancer the Host is whatever the client chose.
// - Without Origin, Sec-Fetch-Site must say same-origin; with neither, the request is refused
//   (every browser that runs Arbor sends one of them on a POST).
// - The JSON API takes only `application/json`: a plain HTML form can send text/plain,
//   form-urlencoded and multipart without a preflight, never JSON. next-auth's own routes take
//   its form posts, which carry next-auth's CSRF token.
// Pure: no config read, no I/O, so it is tested without a server.
import type { ArborError } from '../errors';
import { crossOrigin, wrongContentType } from '../validation/errors';

/** Methods that never change state (Arbor's GET routes only read). Everything else is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestFacts {
  method: string;
  pathname: string;
  headers: { get(name: string): string | null };
}

export const isMutating = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

/**
 * Endpoints authenticated by a bearer token only (SCIM, the scheduler's wake-up): a browser never
 * attaches one on its own, so a forged cross-site request carries nothing they accept, and their
 * callers are servers that send no Origin. Cookies mean nothing there.
 */
export const isBearerEndpoint = (pathname: string) =>
  pathname === '/scim/v2' || pathname.startsWith('/scim/v2/') || pathname.startsWith('/api/internal/');

/**
 * A SAML assertion consumer service: the IdP's page posts the response cross-site by design
 * (HTTP-POST binding). What authenticates it is the XML signature, never a cookie: the browser's
 * flow is checked on the same-site GET that follows (lib/auth/saml-flow.ts).
 */
export const isSamlAssertionConsumer = (pathname: string) => /^\/api\/saml\/[^/]+\/acs$/.test(pathname);

/**
 * A public API call made with an API key (`Authorization: Bearer …` on /api/v1). A browser never
 * attaches that header on its own, and a page that adds it needs a CORS preflight Arbor never
 * grants, so a forged cross-site request cannot carry it; the route then authenticates the key
 * alone, never the cookies (lib/api/actor-entry.ts).
 */
const isApiKeyCall = (request: RequestFacts) =>
  request.pathname.startsWith('/api/v1/') && /^Bearer\s+\S/i.test(request.headers.get('authorization') ?? '');

/** The JSON API: every route under /api except next-auth's (form posts with its own token). */
const takesJsonOnly = (pathname: string) => pathname.startsWith('/api/') && !/^\/api\/auth(\/|$)/.test(pathname);

function sameOrigin(headers: RequestFacts['headers'], appOrigin: string): boolean {
  const origin = headers.get('origin');
  const fetchSite = headers.get('sec-fetch-site');
  // A browser that says the request is cross-site is believed, whatever Origin says.
  if (fetchSite !== null && fetchSite !== 'same-origin') return false;
  if (origin === null) return fetchSite === 'same-origin';
  // "null" (sandboxed frames, data: URLs, some redirects) and anything unparsable is foreign.
  try {
    return new URL(origin).origin === appOrigin;
  } catch {
    return false;
  }
}

const hasBody = (headers: RequestFacts['headers']) =>
  Number(headers.get('content-length') ?? 0) > 0 || headers.get('transfer-encoding') !== null;

function isJson(contentType: string | null): boolean {
  const mediaType = contentType?.split(';')[0].trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * The refusal for a request that may not proceed, or undefined. `appOrigin` is the origin of
 * ARBOR_APP_URL (`new URL(url).origin`).
 */
export function refuseForgedRequest(request: RequestFacts, appOrigin: string): ArborError | undefined {
  if (!isMutating(request.method)) return undefined;
  if (isBearerEndpoint(request.pathname) || isSamlAssertionConsumer(request.pathname)) return undefined;
  const keyCall = isApiKeyCall(request);
  if (!keyCall && !sameOrigin(request.headers, appOrigin)) return crossOrigin();
  // A key's call without a body (a DELETE, a resend) has no type to state; with one, it is JSON.
  if (keyCall && !hasBody(request.headers)) return undefined;
  if (takesJsonOnly(request.pathname) && !isJson(request.headers.get('content-type'))) return wrongContentType();
  return undefined;
}

// GET/POST /api/auth/* – next-auth, with the tenant connection chosen per request.
// The sign-in flow cookie names the tenant; its connection is read (one GetItem) and becomes
// the single `sso` provider, so the callback rebuilds exactly the provider the sign-in used.
// next-auth reports every failure as a generic `?error=…`; the precise cause is caught from its
// logger (per request, through AsyncLocalStorage) and turned into one of Arbor's failure pages.
import 'server-only';
import { log } from '../observability';
import { AsyncLocalStorage } from 'node:async_hooks';
import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { config } from '../config';
import { getConnection } from '../sso';
import { recordSignInFailure } from '../sso/health';
import { platformDb, tenantDb } from '../tenancy';
import { authOptions, ERROR_PAGE, errorPageUrl } from './auth-options';
import { flowCookieName, HAD_SESSION_MAX_AGE, hadSessionCookieName, sessionCookieName, setCookieHeader } from './cookies';
import { decodeFlow } from './sign-in-flow';
import { failureFromNextAuthError, type SignInFailureCode } from './sign-in-failures';
import { samlProviders, samlSignInRedirect } from './saml-flow';
import { SSO_PROVIDER_ID } from './sso-provider';

interface Failure {
  code?: SignInFailureCode;
}

const failures = new AsyncLocalStorage<Failure>();

const logger = {
  error(code: string, metadata: unknown) {
    const failure = failures.getStore();
    if (failure && !failure.code) failure.code = classify(code, metadata);
    log.error({ type: 'auth', code, detail: describe(metadata) }, 'next-auth error');
  },
  warn(code: string) {
    if (code !== 'DEBUG_ENABLED') log.warn({ type: 'auth', code }, 'next-auth warning');
  },
  debug() {},
};

type RouteContext = { params: Promise<{ nextauth: string[] }> };

export async function handleAuthRequest(req: NextRequest, ctx: RouteContext): Promise<Response> {
  const [action, providerId] = (await ctx.params).nextauth ?? [];
  const flow = await decodeFlow(req.cookies.get(flowCookieName())?.value);
  const isCallback = action === 'callback' && providerId === SSO_PROVIDER_ID;
  const isSignIn = action === 'signin' && providerId === SSO_PROVIDER_ID && req.method === 'POST';

  // Arbor reads its session on the server (lib/auth/session.ts). next-auth's session endpoint
  // would re-issue the cookie with a fresh expiry, turning the fixed lifetime into a sliding one.
  if (action === 'session') return Response.json({}, { headers: { 'cache-control': 'no-store' } });
  if (isCallback && !flow) return finish(redirect(errorPageUrl('sso.flowExpired')), { clearFlow: true });
  if (isCallback && req.nextUrl.searchParams.get('error')) {
    // The IdP answered with an error instead of a code (RFC 6749 §4.1.2.1).
    const p = req.nextUrl.searchParams;
    log.warn({ type: 'auth', error: p.get('error')?.slice(0, 100), description: p.get('error_description')?.slice(0, 400) }, 'IdP error response');
    return finish(redirect(errorPageUrl('idp.error')), { clearFlow: true });
  }
  const stored = flow ? await getConnection(platformDb(), flow.tenantId) : undefined;
  // Only a Test connection runs through a connection that is not switched on yet.
  const connection = stored?.enabled || flow?.test ? stored : undefined;
  if (flow && connection?.protocol === 'saml') {
    if (action === 'providers') return samlProviders();
    if (isSignIn) return samlSignInRedirect(req, flow, connection);
  }
  if ((isCallback || isSignIn) && !connection) {
    const url = errorPageUrl(flow ? 'sso.notConfigured' : 'sso.flowExpired');
    return isSignIn ? Response.json({ url }) : finish(redirect(url), { clearFlow: true });
  }

  const failure: Failure = {};
  const response = await failures.run(failure, () =>
    (NextAuth as unknown as (r: NextRequest, c: RouteContext, o: ReturnType<typeof authOptions>) => Promise<Response>)(
      req, ctx, authOptions({ flow, connection, logger, device: req.headers.get('user-agent') ?? undefined }),
    ),
  );
  const answered = await pointErrorsAtArborPages(response, failure);
  if (isCallback && flow) await noteFailure(flow.tenantId, answered.headers.get('location'));
  return finish(answered, { clearFlow: isCallback });
}

/** A callback that ends on a failure page is the connection's "last failure" (Settings → Single sign-on). */
async function noteFailure(tenantId: string, location: string | null) {
  if (!location) return;
  const url = new URL(location, config().ARBOR_APP_URL);
  if (url.pathname !== ERROR_PAGE) return;
  // The failure page is shown whatever happens to this bookkeeping.
  await tenantDb(tenantId)
    .then((db) => recordSignInFailure(db, url.searchParams.get('code') ?? 'sso.callbackFailed'))
    .catch(() => undefined);
}

/** Rewrites next-auth's `/api/auth/error?error=X` (a redirect or the JSON `url`) to Arbor's page. */
async function pointErrorsAtArborPages(response: Response, failure: Failure): Promise<Response> {
  const location = response.headers.get('location');
  if (location) {
    const code = errorCode(location, failure);
    if (!code) return response;
    const headers = new Headers(response.headers);
    headers.set('location', errorPageUrl(code));
    return new Response(null, { status: response.status, headers });
  }
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = await response.clone().json().catch(() => undefined);
  const code = typeof body?.url === 'string' ? errorCode(body.url, failure) : undefined;
  if (!code) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ url: errorPageUrl(code) }), { status: response.status, headers });
}

function errorCode(url: string, failure: Failure): SignInFailureCode | undefined {
  const parsed = new URL(url, config().ARBOR_APP_URL);
  if (parsed.pathname !== '/api/auth/error') return undefined;
  return failure.code ?? failureFromNextAuthError(parsed.searchParams.get('error'));
}

const redirect = (url: string) => new Response(null, { status: 302, headers: { location: url } });

/** Clears the flow cookie once a callback is handled, and marks a browser that got a session. */
function finish(response: Response, options: { clearFlow: boolean }): Response {
  const setCookies = response.headers.getSetCookie();
  const gotSession = setCookies.some((c) => c.startsWith(`${sessionCookieName()}=`) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
  if (!options.clearFlow && !gotSession) return response;
  const headers = new Headers(response.headers);
  if (options.clearFlow) headers.append('set-cookie', setCookieHeader(flowCookieName(), '', 0));
  if (gotSession) headers.append('set-cookie', setCookieHeader(hadSessionCookieName(), '1', HAD_SESSION_MAX_AGE));
  return new Response(response.body, { status: response.status, headers });
}

/** Which of Arbor's failures a next-auth error log line means. */
export function classify(code: string, metadata: unknown): SignInFailureCode {
  const text = describe(metadata);
  if (/state mismatch|state cookie|state value|checks\.state|PKCE|code_verifier/i.test(text)) return 'sso.stateMismatch';
  if (/nonce mismatch|nonce cookie|nonce value|checks\.nonce/i.test(text)) return 'sso.nonceMismatch';
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|timed? ?out|socket hang up|fetch failed|expected 200 OK/i.test(text)) {
    return 'idp.unreachable';
  }
  if (code === 'SIGNIN_OAUTH_ERROR') return 'idp.unreachable';
  if (/invalid_grant|invalid_client|unauthorized_client|access_denied|invalid_request|server_error/i.test(text)) return 'idp.error';
  return 'sso.callbackFailed';
}

function describe(metadata: unknown): string {
  const parts: string[] = [];
  const visit = (v: unknown, depth: number) => {
    if (!v || depth > 3) return;
    if (v instanceof Error) {
      parts.push(`${v.name}: ${v.message}`, String((v as { code?: unknown }).code ?? ''));
      visit((v as { cause?: unknown }).cause, depth + 1);
    } else if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.error) visit(o.error, depth + 1);
      if (typeof o.message === 'string') parts.push(o.message);
      if (typeof o.error_description === 'string') parts.push(o.error_description);
    } else parts.push(String(v));
  };
  visit(metadata, 0);
  return parts.filter(Boolean).join(' | ').slice(0, 1000);
}

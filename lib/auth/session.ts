// The session and the actor as pages, layouts, server actions and route handlers see them.
// Server-only (reads the request's cookies through next/headers).
//
// - getSession(): the decoded cookie (active / none / expired / invalid); no database access.
// - loadActor(): the actor of this request, memberships re-read now; throws typed errors
//   (401 session.*, 403 tenant.accessRevoked): for route handlers, mapped by lib/errors/http.
// - requireActor(): the same for pages, layouts and server actions; redirects to sign-in (and
//   back afterwards) or to the organization picker instead of throwing.
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { isArborError, unauthenticated } from '../errors';
import { tenancy, tenantDb } from '../tenancy';
import { cookieOptions, flowCookieName, hadSessionCookieName, sessionCookieName } from './cookies';
import { resolveActor, type Actor } from './resolve-actor';
import { encodeFlow, FLOW_MAX_AGE, safeReturnTo, type SignInFlow } from './sign-in-flow';
import { decodeSessionToken, encodeSessionToken, type Session, type SessionState } from './session-token';
import { checkTenantSwitch } from './tenant-switch';
import { REQUEST_PATH_HEADER } from './request-path';

export { REQUEST_PATH_HEADER };

export const getSession = cache(async (): Promise<SessionState> => {
  const jar = await cookies();
  const state = await decodeSessionToken(jar.get(sessionCookieName())?.value);
  // The browser drops the cookie when it expires; the marker says there was one.
  if (state.status === 'none' && jar.get(hadSessionCookieName())) return { status: 'expired' };
  return state;
});

export const loadActor = cache(async (): Promise<Actor> => {
  const state = await getSession();
  if (state.status === 'expired') throw unauthenticated('session.expired', 'Your session expired. Sign in again.');
  if (state.status === 'invalid') throw unauthenticated('session.invalid', 'Your session could not be verified. Sign in again.');
  if (state.status === 'none') throw unauthenticated('session.missing', 'Sign in to continue.');
  return resolveActor({ tenantDb }, state.session);
});

/** The actor, or a redirect: to sign-in (returning here afterwards), or to the organization picker. */
export async function requireActor(): Promise<Actor> {
  let failure: string;
  try {
    return await loadActor();
  } catch (e) {
    if (!isArborError(e)) throw e;
    failure = e.code;
  }
  if (failure === 'tenant.accessRevoked') redirect('/select-tenant?reason=revoked');
  redirect(await signInUrl(failure));
}

/** The session without a tenant check (the organization picker); redirects to sign-in without one. */
export async function requireSession(): Promise<Session> {
  const state = await getSession();
  if (state.status === 'active') return state.session;
  redirect(await signInUrl(`session.${state.status === 'none' ? 'missing' : state.status}`));
}

async function signInUrl(code: string): Promise<string> {
  const back = safeReturnTo((await headers()).get(REQUEST_PATH_HEADER) ?? '/');
  const params = new URLSearchParams({ callbackUrl: back });
  if (code === 'session.expired' || code === 'session.invalid') params.set('reason', code);
  return `/sign-in?${params}`;
}

/**
 * Makes `tenantId` the active tenant of the current session, keeping its expiry. The caller
 * has checked the membership and that the target tenant trusts the session's issuer.
 */
export async function setActiveTenant(session: Session, tenantId: string): Promise<void> {
  const remaining = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
  if (remaining <= 0) throw unauthenticated('session.expired', 'Your session expired. Sign in again.');
  const token = await encodeSessionToken({ ...session, tenantId }, remaining);
  (await cookies()).set(sessionCookieName(), token, cookieOptions(remaining));
}

/** Records which tenant's connection the coming IdP callback belongs to. */
export async function startSignInFlow(flow: SignInFlow): Promise<void> {
  const jar = await cookies();
  jar.set(flowCookieName(), await encodeFlow(flow), cookieOptions(FLOW_MAX_AGE));
  // A damaged session cookie would otherwise linger until the new one replaces it.
  if ((await decodeSessionToken(jar.get(sessionCookieName())?.value)).status === 'invalid') jar.delete(sessionCookieName());
}

/** Signs out: the session is only the cookie (stateless servers), so deleting it ends it. */
export async function endSession(): Promise<void> {
  const jar = await cookies();
  for (const name of [sessionCookieName(), flowCookieName(), hadSessionCookieName()]) jar.delete(name);
}

export type SwitchTenantResult = { status: 'switched' } | { status: 'reauthenticate'; email: string };

/**
 * Switches the active tenant after re-checking membership (throws tenant.notMember otherwise).
 * When the target trusts the session's issuer the cookie is rewritten at once; otherwise a
 * sign-in flow for the target is recorded and the browser must sign in through its IdP.
 */
export async function switchTenant(rawTenantId: unknown): Promise<SwitchTenantResult> {
  const session = await requireSession();
  const t = tenancy();
  const decision = await checkTenantSwitch({ platform: t.platformDb(), tenantDb: (id, o) => t.tenantDb(id, o) }, session, rawTenantId);
  const tenantId = rawTenantId as string;
  if (decision === 'switch') {
    await setActiveTenant(session, tenantId);
    return { status: 'switched' };
  }
  await startSignInFlow({ tenantId, email: session.email });
  return { status: 'reauthenticate', email: session.email };
}

// The session and the actor as pages, layouts, server actions and route handlers see them.
// Reads the request's cookies through next/headers.
//
// - getSession(): the decoded cookie (active / none / expired / invalid); no database access.
// - loadActor(): the actor of this request, memberships re-read now; throws typed errors
//   (401 session.*, 403 tenant.notMember): for route handlers, mapped by lib/errors/http.
// - requireActor(): the same for pages, layouts and server actions; redirects to sign-in (and
//   back afterwards) or to the organization picker instead of throwing.
// - endSession(): signs out; the session's records in the table are deleted first, so every
//   copy of the cookie stops working (session-records.ts).
import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { isArborError } from '../errors';
import { sessionExpired, sessionInvalid, sessionMissing } from './errors';
import { sessionRevoked } from '../tenancy/errors';
import { platformDb, tenancy, tenantDb } from '../tenancy';
import { cookieOptions, flowCookieName, hadSessionCookieName, sessionCookieName } from './cookies';
import { loadActorAccess, type RequestActor } from '../members';
import { hasSessionRecord, putSessionRecord, revokeAllSessions, revokeSession, updateSessionOrganizations } from './session-records';
import { listUserTenants, type UserTenant } from '../users';
import { safeReturnTo } from './return-to';
import { encodeFlow, FLOW_MAX_AGE, type SignInFlow } from './sign-in-flow';
import { decodeSessionToken, encodeSessionToken, type Session, type SessionState } from './session-token';
import { checkTenantSwitch } from './tenant-switch';
import { REQUEST_PATH_HEADER } from '../observability/request-path';

export { REQUEST_PATH_HEADER };

export const getSession = cache(async (): Promise<SessionState> => {
  const jar = await cookies();
  const state = await decodeSessionToken(jar.get(sessionCookieName())?.value);
  // The browser drops the cookie when it expires; the marker says there was one.
  if (state.status === 'none' && jar.get(hadSessionCookieName())) return { status: 'expired' };
  return state;
});

export const loadActor = cache(async (): Promise<RequestActor> => {
  const state = await getSession();
  if (state.status === 'expired') throw sessionExpired();
  if (state.status === 'invalid') throw sessionInvalid();
  if (state.status === 'none') throw sessionMissing();
  const { session } = state;
  // The active tenant comes from the session, never from the request.
  return loadActorAccess(await tenantDb(session.tenantId, { userId: session.userId }), session.userId, session);
});

/** The actor, or a redirect: to sign-in (returning here afterwards), or to the organization picker. */
export async function requireActor(): Promise<RequestActor> {
  let failure: string;
  try {
    return await loadActor();
  } catch (e) {
    if (!isArborError(e)) throw e;
    failure = e.code;
  }
  if (failure === 'tenant.notMember' || failure === 'tenant.deactivated') redirect('/select-tenant?reason=revoked');
  redirect(await signInUrl(failure));
}

/**
 * The live session without a membership check (the organization picker, the tenant switch);
 * redirects to sign-in without one. Its record is read in the cookie's tenant (one GetItem):
 * a signed-out session must not pick or switch its way back in.
 */
export async function requireSession(): Promise<Session> {
  const state = await getSession();
  if (state.status !== 'active') redirect(await signInUrl(`session.${state.status === 'none' ? 'missing' : state.status}`));
  if (!(await isLive(state.session))) redirect(await signInUrl(sessionRevoked().code));
  return state.session;
}

const isLive = async (session: Session) =>
  hasSessionRecord(await tenantDb(session.tenantId, { userId: session.userId }), session.userId, session.sessionId);

const SIGN_IN_REASONS = new Set(['session.expired', 'session.invalid', 'session.revoked']);

async function signInUrl(code: string): Promise<string> {
  const back = safeReturnTo((await headers()).get(REQUEST_PATH_HEADER) ?? '/');
  const params = new URLSearchParams({ callbackUrl: back });
  if (SIGN_IN_REASONS.has(code)) params.set('reason', code);
  return `/sign-in?${params}`;
}

/**
 * Makes `tenantId` the active tenant of the current session, keeping its expiry. The caller
 * has checked the membership and that the target tenant trusts the session's issuer.
 */
export async function setActiveTenant(session: Session, tenantId: string): Promise<void> {
  const remaining = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
  if (remaining <= 0) throw sessionExpired();
  // Live in the target tenant before the cookie names it; same id, so sign-out ends both.
  const [device, organizations] = await Promise.all([(async () => (await headers()).get('user-agent') ?? undefined)(), listUserTenants(platformDb(), session.userId)]);
  await putSessionRecord(await tenantDb(tenantId, { userId: session.userId }), {
    userId: session.userId, sessionId: session.sessionId, expiresAt: session.expiresAt, device, organizations,
  });
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

/**
 * Signs out: deletes this session's records in every tenant of the person (`everywhere`: every
 * session of theirs, on every device), then the cookies. When the table cannot be reached the
 * cookies stay and `session.signOutFailed` is thrown: the person must not believe they are
 * signed out while a copy of the cookie still works.
 */
export async function endSession(options: { everywhere?: boolean } = {}): Promise<void> {
  const state = await getSession();
  if (state.status === 'active') {
    const deps = { platform: platformDb(), tenantDb };
    await (options.everywhere ? revokeAllSessions : revokeSession)(deps, state.session);
  }
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
  await startSignInFlow({ tenantId, email: session.email, continues: { userId: session.userId, sessionId: session.sessionId } });
  return { status: 'reauthenticate', email: session.email };
}

/**
 * The person's organizations read afresh (P2), for the switcher when they reach for it; the
 * session's record keeps the new list for the next pages' headers.
 */
export async function refreshOrganizations(): Promise<UserTenant[]> {
  const actor = await loadActor();
  const state = await getSession();
  const organizations = await listUserTenants(platformDb(), actor.userId);
  if (state.status === 'active' && JSON.stringify(organizations) !== JSON.stringify(actor.organizations)) {
    await updateSessionOrganizations(actor.db, actor.userId, state.session.sessionId, organizations);
  }
  return organizations;
}

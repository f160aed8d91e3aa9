// What happens when the IdP has vouched for someone: checks the claims, makes sure the global
// identity exists (platform), then decides their access to the tenant they signed in to (tenant
// credentials): an existing membership, else pending invitations, else just-in-time
// provisioning as a member of the root unit when the connection allows it, else refusal.
// Access granted, the session is recorded as live in the tenant before its cookie exists
// (session-records.ts). Dependencies are passed in, so tests run it against the
// real stack.
import 'server-only';
import { config } from '../config';
import type { PlatformDb, TenantDb } from '../db';
import { isArborError } from '../errors';
import { acceptInvitations } from '../invitations';
import { addMembership, getUserMemberships, recordSignIn } from '../members';
import type { SsoConnection } from '../sso';
import { getTenantSettings } from '../tenants/settings';
import { ensureUser, listUserTenants } from '../users';
import { emailDomain, validateEmail, validateName } from '../validation';
import { putSessionRecord } from './session-records';
import type { SignInFailureCode } from './sign-in-failures';
import { newSessionId, type SessionClaims } from './session-token';

export interface SignInDeps {
  platform: PlatformDb;
  tenantDb(tenantId: string, options?: { userId?: string }): Promise<TenantDb>;
}

export interface CompleteSignInInput {
  tenantId: string;
  connection: SsoConnection;
  /** The verified ID token claims. */
  claims: Record<string, unknown>;
  /**
   * The session this sign-in continues (a tenant switch through another IdP): its id is kept
   * when the same person signs in, so one sign-out still ends it in every tenant.
   */
  continues?: { userId: string; sessionId: string };
  /** The browser's user agent, kept (shortened) on the session record. */
  device?: string;
  /** Lifetime of the session about to be issued; ARBOR_SESSION_MAX_AGE unless a test says otherwise. */
  maxAgeSeconds?: number;
}

export type SignInOutcome =
  | { ok: true; session: SessionClaims; via: 'membership' | 'invitation' | 'jit' }
  | { ok: false; code: SignInFailureCode };

export async function completeSignIn(deps: SignInDeps, input: CompleteSignInInput): Promise<SignInOutcome> {
  const { claims, connection, tenantId } = input;
  if (typeof claims.email !== 'string' || !claims.email) return { ok: false, code: 'email.missing' };
  // Without a verified address anyone could claim any email at a lax IdP.
  if (claims.email_verified !== true && claims.email_verified !== 'true') return { ok: false, code: 'email.unverified' };
  let email: string;
  try {
    email = validateEmail(claims.email);
  } catch {
    return { ok: false, code: 'email.missing' };
  }
  const name = displayName(claims.name, email);

  const user = await ensureUser(deps.platform, email, name);
  const sessionId = input.continues?.userId === user.id ? input.continues.sessionId : newSessionId();
  const session: SessionClaims = { userId: user.id, email, name: user.name || name, tenantId, issuer: connection.issuer, sessionId };
  const db = await deps.tenantDb(tenantId, { userId: user.id });

  // The header's organization switcher is filled from the session's record (session-records.ts).
  const [via, organizations] = await Promise.all([grantAccess(db, connection, session), listUserTenants(deps.platform, user.id)]);
  if (via === 'deactivated') return { ok: false, code: 'tenant.deactivated' };
  if (!via) return { ok: false, code: 'membership.none' };
  const maxAge = input.maxAgeSeconds ?? config().ARBOR_SESSION_MAX_AGE;
  // The people list's "last sign-in": one attribute on the profile, sent alongside the session record.
  await Promise.all([
    putSessionRecord(db, { userId: user.id, sessionId, expiresAt: new Date(Date.now() + maxAge * 1000), device: input.device, organizations }),
    recordSignIn(db, user.id),
  ]);
  return { ok: true, session, via };
}

/** How the person gets into the tenant, or undefined when they may not. */
async function grantAccess(db: TenantDb, connection: SsoConnection, session: SessionClaims): Promise<'membership' | 'invitation' | 'jit' | 'deactivated' | undefined> {
  const { userId, email } = session;
  // Pending invitations are accepted at every sign-in, members' too: someone already in the
  // organization who follows an invitation link to another unit joins it by signing in.
  const { memberships, deactivated } = await getUserMemberships(db, userId);
  // The directory decides who may enter: a deactivated account is refused before any invitation is used.
  if (deactivated) return 'deactivated';
  const invited = await acceptInvitations(db, { userId, email, name: session.name });
  if (memberships.length > 0) return 'membership';
  if (invited.accepted.length > 0) return 'invitation';

  // JIT only for addresses of the domains the connection serves: a guest account at the
  // tenant's IdP still needs an invitation.
  if (connection.jit && connection.domains.includes(emailDomain(email))) {
    const { rootUnitId } = await getTenantSettings(db);
    try {
      await addMembership(db, { userId, email }, { unitId: rootUnitId, role: 'member', userId, email, name: session.name });
    } catch (e) {
      // A parallel sign-in of the same person provisioned them first: same outcome.
      if (!(isArborError(e) && e.code === 'membership.exists')) throw e;
    }
    return 'jit';
  }
  return undefined;
}

function displayName(raw: unknown, email: string): string {
  try {
    return validateName(raw, 'user');
  } catch {
    return email.slice(0, email.indexOf('@'));
  }
}

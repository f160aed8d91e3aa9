// Shared set-up for the auth tests: a tenant with a connection, people, and the dependencies
// lib/auth takes (real tenant-scoped and platform credentials through the local gateway).
import { ulid } from 'ulid';
import type { Session } from '../../lib/auth';
import type { TenantDb } from '../../lib/db';
import { putSessionRecord } from '../../lib/auth/session-records';
import { newSessionId } from '../../lib/auth/session-token';
import { addMembership, loadActorAccess } from '../../lib/members';
import { setConnection } from '../../lib/domains';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { newTenant } from '../support/fixtures';
import { testPlatformDb, testTenantDb } from '../support/tenancy';

export const deps = { platform: testPlatformDb(), tenantDb: (id: string, o?: { userId?: string }) => testTenantDb(id, o?.userId) };

/** The actor of a request signed in with `session`, as lib/auth's loadActor resolves it. */
export async function actorOf(d: { tenantDb(id: string, o?: { userId?: string }): Promise<TenantDb> }, session: Session) {
  return loadActorAccess(await d.tenantDb(session.tenantId, { userId: session.userId }), session.userId, session);
}

export const ISSUER = 'https://idp.example.com';

export async function tenantWithConnection(options: { jit: boolean; issuer?: string; label?: string }) {
  const t = await newTenant(options.label ?? 'Auth');
  const connection = await setConnection(testPlatformDb(), t.tenantId, {
    issuer: options.issuer ?? ISSUER, clientId: 'arbor', clientSecret: 'secret', domains: [t.domain], jit: options.jit,
  });
  return { ...t, connection };
}

/** A person with a membership on the tenant's root unit. */
export async function memberOf(t: { tenantId: string; rootUnitId: string; domain: string }, email = `m-${ulid().toLowerCase()}@${t.domain}`) {
  const user = await ensureUser(testPlatformDb(), email, 'Mem Ber');
  await addMembership(await testTenantDb(t.tenantId), OPERATOR_ACTOR, { unitId: t.rootUnitId, role: 'member', userId: user.id, email, name: 'Mem Ber' });
  return user;
}

/** A session as its cookie decodes; not recorded as live anywhere (see liveSessionFor). */
export function sessionFor(user: { id: string; email: string; name: string }, tenantId: string, issuer = ISSUER): Session {
  return { userId: user.id, email: user.email, name: user.name, tenantId, issuer, sessionId: newSessionId(), expiresAt: new Date(Date.now() + 3600_000) };
}

/** A session recorded as live in its tenant, as signing in leaves it. */
export async function liveSessionFor(user: { id: string; email: string; name: string }, tenantId: string, issuer = ISSUER): Promise<Session> {
  const session = sessionFor(user, tenantId, issuer);
  await putSessionRecord(await testTenantDb(tenantId), session);
  return session;
}

export const claims = (email: string, extra: Record<string, unknown> = {}) => ({ sub: `sub-${email}`, email, email_verified: true, name: 'New Person', ...extra });

// Whether the signed-in person may make another tenant active, and how.
// Tenant ids come from the browser, so nothing is taken on trust: the membership is read
// from the target tenant (T8, strongly consistent) and the target's connection must trust the
// issuer the person signed in with; otherwise they sign in again through the target's IdP.
import 'server-only';
import type { PlatformDb, TenantDb } from '../db';
import { ssoNotConfigured } from '../sso/errors';
import { accountDeactivated, notTenantMember } from '../tenancy/errors';
import { getUserMemberships } from '../members';
import { getConnection } from '../sso';
import { isValidTenantId } from '../tenancy';
import type { Session } from './session-token';

export interface TenantSwitchDeps {
  platform: PlatformDb;
  tenantDb(tenantId: string, options?: { userId?: string }): Promise<TenantDb>;
}

/** 'switch': same issuer, no new sign-in needed; 'reauthenticate': through the target's IdP. */
export type TenantSwitchDecision = 'switch' | 'reauthenticate';

export async function checkTenantSwitch(deps: TenantSwitchDeps, session: Session, rawTenantId: unknown): Promise<TenantSwitchDecision> {
  const notMember = notTenantMember;
  if (typeof rawTenantId !== 'string' || !isValidTenantId(rawTenantId)) throw notMember();
  const db = await deps.tenantDb(rawTenantId, { userId: session.userId });
  const { memberships, deactivated } = await getUserMemberships(db, session.userId);
  if (memberships.length === 0) throw notMember();
  if (deactivated) throw accountDeactivated();
  const connection = await getConnection(deps.platform, rawTenantId);
  if (!connection) throw ssoNotConfigured();
  return connection.issuer === session.issuer ? 'switch' : 'reauthenticate';
}

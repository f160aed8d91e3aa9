// The console's and setup links' saves of the SSO connection: the platform item, then the
// tenant's audit entry (never a secret). The caller has authorized `sso.manage` (or holds a live
// setup link).
import 'server-only';
import { auditEntryPut } from '../audit';
import { confirmDecision, transaction, type AuditActor, type TenantDb } from '../db';
import { versionConflict } from '../errors';
import { platformDb } from '../tenancy';
import { readTenantDomains } from './records';
import type { SsoConnection } from '../sso/connection';
import { noConnection } from '../sso/errors';
import { setConnection, writeConnectionAndClaims, type SetConnectionInput } from './set-connection';

const auditSso = (db: TenantDb, actor: AuditActor, action: string, c: SsoConnection, after: Record<string, unknown>) =>
  transaction(db)
    .add(auditEntryPut(db, { actor, action, target: { type: 'tenant', id: db.tenantId, label: c.issuer }, after: { protocol: c.protocol, issuer: c.issuer, ...after } }))
    .send();

/**
 * Registers or replaces the tenant's connection, version-checked (a form loaded without one sends
 * no version and expects none), for the tenant's proven domains only. A new connection starts
 * switched off: it is tested first, then switched on.
 */
export async function saveConnection(db: TenantDb, actor: AuditActor, input: SetConnectionInput): Promise<SsoConnection> {
  // Written with platform credentials, the connection can't carry the route's decision: the
  // owner's grant is confirmed by a transaction of its own just before (docs/authorization.md).
  await confirmDecision(db);
  const expectedVersion = input.expectedVersion ?? 0;
  const saved = await setConnection(platformDb(), db.tenantId, { ...input, expectedVersion, provenOnly: true, ...(expectedVersion === 0 ? { enabled: false } : {}) });
  // The connection is a platform item, so its change can't share a transaction with the
  // tenant's audit trail; the entry follows it.
  await auditSso(db, actor, 'sso.update', saved, {
    domains: saved.domains, jit: saved.jit, enabled: saved.enabled,
    ...(saved.protocol === 'oidc'
      ? { clientId: saved.clientId, secretChanged: 'clientSecret' in input && input.clientSecret !== undefined }
      : { ssoUrl: saved.ssoUrl, certificates: saved.idpCertificates.length, idpInitiated: saved.idpInitiated }),
  });
  return saved;
}

/** Switches the connection on (discovery routes its domains' sign-ins to it) or off. */
export async function switchConnection(db: TenantDb, actor: AuditActor, enabled: boolean, expectedVersion: number): Promise<SsoConnection> {
  const platform = platformDb();
  const { registry, connection: current } = await readTenantDomains(platform, db.tenantId);
  if (!current) throw noConnection();
  if (current.version !== expectedVersion) throw versionConflict('sso', current.version);
  await confirmDecision(db);
  const next: SsoConnection = { ...current, enabled, version: current.version + 1, updatedAt: new Date().toISOString() };
  await writeConnectionAndClaims(platform, { tenantId: db.tenantId, registry, current, next, domains: current.domains, claimFree: false });
  await auditSso(db, actor, enabled ? 'sso.enable' : 'sso.disable', next, {});
  return next;
}

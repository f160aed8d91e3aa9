// The settings page's save of the SSO connection: the platform item, then the tenant's audit
// entry (never with the secret). The route authorizes `sso.manage` first. Server-only.
import { auditEntryPut } from '../audit';
import { confirmDecision, transaction, type AuditActor, type TenantDb } from '../db';
import { platformDb } from '../tenancy';
import { setConnection, type SetConnectionInput, type SsoConnection } from './connection';

/**
 * Registers or replaces the tenant's connection, version-checked (a form loaded without one sends
 * no version and expects none). Without a secret the stored one is kept; an empty one is refused.
 */
export async function saveConnection(db: TenantDb, actor: AuditActor, input: SetConnectionInput): Promise<SsoConnection> {
  // Written with platform credentials, the connection can't carry the route's decision: the
  // owner's grant is confirmed by a transaction of its own just before (docs/authorization.md).
  await confirmDecision(db);
  const saved = await setConnection(platformDb(), db.tenantId, { ...input, expectedVersion: input.expectedVersion ?? 0 });
  // The connection is a platform item, so its change can't share a transaction with the
  // tenant's audit trail; the entry follows it.
  await transaction(db)
    .add(
      auditEntryPut(db, {
        actor, action: 'sso.update', target: { type: 'tenant', id: db.tenantId, label: saved.issuer },
        after: { issuer: saved.issuer, clientId: saved.clientId, domains: saved.domains, jit: saved.jit, secretChanged: input.clientSecret !== undefined },
      }),
    )
    .send();
  return saved;
}

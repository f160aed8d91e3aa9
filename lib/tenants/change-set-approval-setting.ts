// The organization's setting `ownersApproveOwnChangeSets` (T1): whether an owner's approval of a
// change set they drafted counts on every area (lib/change-sets approvals.ts). Saved with the
// version it was read at, audited in the same transaction, like a rename.
import { auditEntryPut } from '../audit';
import { keys, transaction, type AuditActor, type TenantDb } from '../db';
import { versionConflict } from '../errors';
import { badApprovalSetting } from './errors';
import { validateVersion } from '../validation/version';
import { getTenantSettings, type TenantSettings } from './settings';

export async function setOwnersApproveOwnChangeSets(
  db: TenantDb,
  actor: AuditActor,
  input: { ownersApproveOwnChangeSets: boolean; expectedVersion: number },
): Promise<TenantSettings> {
  const on = input?.ownersApproveOwnChangeSets;
  if (typeof on !== 'boolean') throw badApprovalSetting();
  const expectedVersion = validateVersion(input.expectedVersion, 'tenant');
  const current = await getTenantSettings(db);
  if (current.version !== expectedVersion) throw versionConflict('tenant', current.version, current);
  if (current.ownersApproveOwnChangeSets === on) return current;
  const now = new Date().toISOString();
  await transaction(db)
    .add({
      Update: {
        TableName: db.tableName,
        Key: keys.tenantSettings(db.tenantId),
        UpdateExpression: 'SET ownersApproveOwnChangeSets = :on, #version = :next, updatedAt = :now',
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':on': on, ':next': expectedVersion + 1, ':now': now, ':expected': expectedVersion },
      },
    }, async () => {
      const stored = await getTenantSettings(db);
      return versionConflict('tenant', stored.version, stored);
    })
    .add(auditEntryPut(db, {
      actor, action: 'tenant.settingsUpdate', target: { type: 'tenant', id: db.tenantId, label: current.name },
      before: { ownersApproveOwnChangeSets: current.ownersApproveOwnChangeSets }, after: { ownersApproveOwnChangeSets: on },
    }))
    .send();
  return { ...current, ownersApproveOwnChangeSets: on, version: expectedVersion + 1, updatedAt: now };
}

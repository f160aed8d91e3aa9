// T1: the tenant's settings and counters, and renaming the tenant.
// SSO connection details live with lib/sso, not here.
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntryPut } from '../audit';
import { z } from 'zod';
import { itemParser, keys, transaction, updateItem, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { versionConflict } from '../errors';
import { tenantNotFound } from '../tenancy/errors';
import { validateVersion } from '../validation/version';
import { allNameWrites, unitNameWrites } from '../org/rename-unit';
import { readUnit } from '../org/unit-reads';
import { validateName } from '../validation';

export interface TenantSettings {
  tenantId: string;
  name: string;
  rootUnitId: string;
  domains: string[];
  unitCount: number;
  unitLimit: number;
  ownerCount: number;
  /** Just-in-time membership for SSO users without an invitation, when the tenant turned it on. */
  jit?: boolean;
  /** An owner's approval counts on a change set they drafted themselves (lib/change-sets). */
  ownersApproveOwnChangeSets: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const storedSettings = z.object({
  tenantId: z.string(),
  name: z.string(),
  rootUnitId: z.string(),
  domains: z.array(z.string()).optional(),
  unitCount: z.number().optional(),
  unitLimit: z.number(),
  ownerCount: z.number().optional(),
  jit: z.boolean().optional(),
  ownersApproveOwnChangeSets: z.boolean().optional(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const parseSettings = itemParser('tenant', storedSettings);

export function toTenantSettings(item: Record<string, unknown>): TenantSettings {
  const s = parseSettings(item);
  return {
    tenantId: s.tenantId,
    name: s.name,
    rootUnitId: s.rootUnitId,
    domains: s.domains ?? [],
    unitCount: s.unitCount ?? 0,
    unitLimit: s.unitLimit,
    ownerCount: s.ownerCount ?? 0,
    ...(s.jit !== undefined ? { jit: s.jit } : {}),
    ownersApproveOwnChangeSets: s.ownersApproveOwnChangeSets ?? false,
    version: s.version,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

const tenantGone = tenantNotFound;

/** T1: one strongly consistent GetItem (the counters guard limits and the last owner). */
export async function getTenantSettings(db: TenantDb): Promise<TenantSettings> {
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.tenantSettings(db.tenantId), ConsistentRead: true }));
  if (!out.Item) throw tenantGone();
  return toTenantSettings(out.Item);
}

/**
 * Renames the tenant in its own partition, conditioned on the version read, and its root unit
 * with it in the same transaction (the tree's top row and every breadcrumb show the
 * organization's name; lib/org renameUnit keeps the same pair together from the other side).
 * The tenant registry's copy of the name (tenant switcher, operator CLI) is updated by the
 * caller with platform credentials: `renameTenantRegistryEntry`.
 */
export async function renameTenant(db: TenantDb, actor: AuditActor, input: { name: string; expectedVersion: number }): Promise<TenantSettings> {
  const name = validateName(input?.name, 'tenant');
  const expectedVersion = validateVersion(input.expectedVersion, 'tenant');
  const current = await getTenantSettings(db);
  if (current.version !== expectedVersion) throw versionConflict('tenant', current.version, current);
  const root = await readUnit(db, current.rootUnitId);
  if (current.name === name && root?.name === name) return current;

  const now = new Date().toISOString();
  const conflictWithStored = async () => {
    const stored = await getTenantSettings(db);
    return versionConflict('tenant', stored.version, stored);
  };
  await transaction(db)
    .add({
      Update: {
        TableName: db.tableName,
        Key: keys.tenantSettings(db.tenantId),
        UpdateExpression: 'SET #name = :name, #version = :next, updatedAt = :now',
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#name': 'name', '#version': 'version' },
        ExpressionAttributeValues: { ':name': name, ':next': expectedVersion + 1, ':now': now, ':expected': expectedVersion },
      },
    }, conflictWithStored)
    // A root renamed meanwhile fails its version condition: a conflict, as for the settings.
    .add(root && root.name !== name ? allNameWrites(unitNameWrites(db, root, name, now)) : [], conflictWithStored)
    .add(
      auditEntryPut(db, {
        actor, action: 'tenant.rename', target: { type: 'tenant', id: db.tenantId, label: name },
        ...(root ? { unitId: root.id } : {}),
        before: { name: current.name }, after: { name },
      }),
    )
    .send();
  return { ...current, name, version: expectedVersion + 1, updatedAt: now };
}

/** The tenant registry's copy of the tenant name (P2 tenant switcher). Platform credentials. */
export async function renameTenantRegistryEntry(db: PlatformDb, tenantId: string, rawName: string): Promise<void> {
  const name = validateName(rawName, 'tenant');
  const renamed = await updateItem(db, {
    Key: keys.tenantRegistry(tenantId),
    UpdateExpression: 'SET #name = :name, #version = if_not_exists(#version, :zero) + :one',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#name': 'name', '#version': 'version' },
    ExpressionAttributeValues: { ':name': name, ':zero': 0, ':one': 1 },
  });
  if (!renamed.written) throw tenantGone();
}

// Shared set-up for the membership suites: a fresh tenant with a small tree, and people.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';
import type { RoleCatalogue } from '../../lib/authz';
import { createUnit } from '../../lib/org';
import { rememberRoleCatalogue, roleCatalogueItem } from '../../lib/roles';

export async function tenantWithTree(label = 'Acme') {
  const t = await newTenant(label);
  const db = tenantDbFor(t.tenantId);
  const root = { id: t.rootUnitId, path: `/${t.rootUnitId}/` };
  const owner = { userId: t.ownerUserId, email: t.ownerEmail };
  const engineering = await createUnit(db, owner, { parentId: root.id, name: 'Engineering' });
  const cloud = await createUnit(db, owner, { parentId: engineering.id, name: 'Cloud' });
  const sales = await createUnit(db, owner, { parentId: root.id, name: 'Sales' });
  return { ...t, db, root, engineering, cloud, sales, owner };
}

/** A person with a fresh global id, as ensureUser would return at sign-in. */
export function person(label: string) {
  return { userId: ulid(), email: `${label.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.test`, name: label };
}

/**
 * The tenant's role catalogue with these custom roles (reach `subtree`, each holding one tenant
 * permission named after it, `budget-approver.use`, which only owners and admins hold beside the
 * role's holders), put as the catalogue's writer would (lib/roles), and remembered by this process.
 */
export async function defineRoles(tenantId: string, roleKeys: string[], version = 1): Promise<RoleCatalogue> {
  const now = new Date().toISOString();
  const roles = Object.fromEntries(
    roleKeys.map((key) => [key, { key, name: key, description: '', permissions: [`${key}.use`], reach: 'subtree' as const, version: 1, createdAt: now, updatedAt: now }]),
  );
  const permissions = Object.fromEntries(roleKeys.map((key) => [`${key}.use`, { key: `${key}.use`, description: '', createdAt: now }]));
  const catalogue: RoleCatalogue = { version, roles, permissions };
  await directClient().send(new PutCommand({ TableName: tableName(), Item: roleCatalogueItem(tenantId, catalogue) }));
  rememberRoleCatalogue(tenantId, catalogue);
  return catalogue;
}

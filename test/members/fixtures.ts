// Shared set-up for the membership suites: a fresh tenant with a small tree, and people.
import { ulid } from 'ulid';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { createUnit } from '../../lib/org';

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

// Shared set-up for the check API suites: an organization with a small tree, a catalogue of
// custom roles holding its own permission at each reach, people holding them, and API keys to
// call the real route handlers as an admin (the whole tree) or a manager (Engineering only).
import { join, resolve } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createApiKey } from '../../lib/api-keys';
import { addMembership } from '../../lib/members';
import { createPermission, createRole } from '../../lib/roles';
import { directoryUserItem } from '../../lib/scim/user-item';
import { person, tenantWithTree } from '../members/fixtures';
import { directClient, tableName } from '../support/stack';
import { testPlatformDb } from '../support/tenancy';

const ROOT = resolve(import.meta.dirname, '../..');

export async function checkWorld(label = 'Checks') {
  const t = await tenantWithTree(label);
  const { db, owner, root, engineering, cloud, sales } = t;
  await createPermission(db, owner, { key: 'expenses.approve', description: 'Approve expenses' });
  for (const reach of ['subtree', 'unit', 'below'] as const) {
    await createRole(db, owner, { key: `approver-${reach}`, name: `Approver (${reach})`, permissions: ['expenses.approve'], reach });
  }
  const join = async (label: string, unitId: string, role: string, roles?: string[]) => {
    const p = person(label);
    await addMembership(db, owner, { unitId, role, ...p, ...(roles ? { roles } : {}) });
    return p;
  };
  const alice = await join('Alice', engineering.id, 'member', ['approver-subtree']);
  const bob = await join('Bob', sales.id, 'manager');
  const carol = await join('Carol', cloud.id, 'member', ['approver-unit']);
  const dave = await join('Dave', engineering.id, 'member', ['approver-below']);
  const scope = { tenant: db, platform: testPlatformDb() };
  const adminKey = await createApiKey(scope, { name: 'Admin', role: 'admin', unit: root, expiresInDays: 1, actor: owner });
  const managerKey = await createApiKey(scope, { name: 'Eng manager', role: 'manager', unit: engineering, expiresInDays: 1, actor: owner });
  const memberKey = await createApiKey(scope, { name: 'Member', role: 'member', unit: engineering, expiresInDays: 1, actor: owner });
  return { ...t, alice, bob, carol, dave, admin: adminKey.secret, manager: managerKey.secret, member: memberKey.secret };
}

/** The directory (SCIM) provisioned this person with an external id, as lib/scim stores it. */
export async function provision(tenantId: string, p: { userId: string; email: string; name: string }, externalId: string) {
  const now = new Date().toISOString();
  const item = directoryUserItem(tenantId, {
    userId: p.userId, userName: p.email, externalId, active: true, email: p.email, emails: [p.email], displayName: p.name,
    resource: {}, version: 1, createdAt: now, updatedAt: now,
  });
  await directClient().send(new PutCommand({ TableName: tableName(), Item: item }));
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POST to a check route handler with the API key's bearer. */
export async function ask(route: '/api/v1/checks' | '/api/v1/checks/batch', bearer: string, body: unknown): Promise<{ status: number; json: Json }> {
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as { POST: (r: Request, c: unknown) => Promise<Response> };
  const res = await mod.POST(
    new Request(`http://arbor.test${route}`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    { params: Promise.resolve({}) },
  );
  return { status: res.status, json: (await res.json()) as Json };
}

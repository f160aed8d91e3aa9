// What happens once during the soak, beside the steady traffic: a directory sync (users with
// departments, then groups filled by PATCH, through /scim/v2 as Entra ID sends them) and a
// reviewed change set applied by its owner through the console's API.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys, type DocumentClient } from '../../lib/db';
import { addOperations, createChangeSet, readChangeSet, reviewChangeSet, type OperationInput } from '../../lib/change-sets';
import { loadActorAccess } from '../../lib/members';
import type { Tenancy } from '../../lib/tenancy';
import { Recorder } from './recorder';
import type { SoakTenant } from './traffic';

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const IN_FLIGHT = 4;

/** `users` users, then `users / 10` groups of 10, at 4 requests in flight. */
export async function scimSync(rec: Recorder, appUrl: string, token: string, domain: string, users: number) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const call = async (method: string, path: string, body: unknown) => {
    return Recorder.json(await rec.send('scim', `${appUrl}/scim/v2/${path}`, { method, headers, body: JSON.stringify(body) })) as { id?: string } | undefined;
  };
  const inParallel = async (count: number, each: (i: number) => Promise<void>) => {
    let next = 0;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await each(next++);
    }));
  };
  const run = ulid().toLowerCase().slice(-6);
  const ids: string[] = [];
  await inParallel(users, async (i) => {
    const name = `soak${run}${i}`;
    const made = await call('POST', 'Users', {
      schemas: [USER_SCHEMA, ENTERPRISE], userName: `${name}@${domain}`, externalId: `soak-${run}-${i}`, active: true,
      name: { givenName: `Soak${i}`, familyName: `Sync${run}` }, emails: [{ value: `${name}@${domain}`, type: 'work', primary: true }],
      [ENTERPRISE]: { department: `Synced ${i % 4}/Team ${i % 20}` },
    });
    if (made?.id) ids.push(made.id);
  });
  const groups = Math.floor(users / 10);
  await inParallel(groups, async (g) => {
    const group = await call('POST', 'Groups', { schemas: [GROUP_SCHEMA], displayName: `Soak group ${run} ${g}`, externalId: `soak-grp-${run}-${g}` });
    if (!group?.id) return;
    await call('PATCH', `Groups/${group.id}`, { schemas: [PATCH], Operations: [{ op: 'Add', path: 'members', value: ids.slice(g * 10, g * 10 + 10).map((value) => ({ value })) }] });
  });
  return { users: ids.length, groups };
}

/**
 * A change set of `size` operations drafted and approved by the owner (lib/change-sets, as the
 * console does), ready for the owner to apply: a new unit, half the size in seeded units renamed,
 * the rest people added to the new unit.
 */
export async function approvedChangeSet(tenancy: Tenancy, direct: { client: DocumentClient; tableName: string }, t: SoakTenant, owner: { userId: string; email: string; name: string }, size: number) {
  // An owner's own approval counts when the organization allows it (as in the reorganizations section).
  await direct.client.send(new UpdateCommand({
    TableName: direct.tableName, Key: keys.tenantSettings(t.tenantId),
    UpdateExpression: 'SET ownersApproveOwnChangeSets = :on', ExpressionAttributeValues: { ':on': true },
  }));
  const db = await tenancy.tenantDb(t.tenantId);
  const actor = { ...owner, access: await loadActorAccess(db, owner.userId) };
  const holderId = ulid();
  const renames = Math.floor((size - 1) / 2);
  const operations: OperationInput[] = [
    { kind: 'createUnit', unitId: holderId, parentId: t.rootUnitId, name: `Soak reorganization ${holderId.slice(-6)}` },
    ...t.unitIds.filter((id) => id !== t.rootUnitId).slice(-renames).map((unitId, i): OperationInput => ({ kind: 'renameUnit', unitId, name: `Reorganized team ${i + 1}` })),
    ...t.userIds.slice(0, size - 1 - renames).map((userId): OperationInput => ({ kind: 'addMember', unitId: holderId, userId, role: 'member' })),
  ];
  const header = await createChangeSet(db, actor, { name: 'Soak reorganization' });
  const drafted = await addOperations(db, actor, header.setId, header.version, operations);
  await reviewChangeSet(db, actor, header.setId, { expectedVersion: drafted.header.version, decision: 'approve' });
  const approved = await readChangeSet(db, header.setId);
  return { setId: header.setId, version: approved.header.version, operations: operations.length };
}

/** The owner applies it through the API (202, it runs on after the answer); polled until it ends. */
export async function applyChangeSet(rec: Recorder, appUrl: string, cookie: string, set: { setId: string; version: number }) {
  const started = Date.now();
  const headers = { cookie, origin: appUrl, 'content-type': 'application/json' };
  const applied = await rec.send('change set', `${appUrl}/api/v1/change-sets/${set.setId}/apply`, { method: 'POST', headers, body: JSON.stringify({ expectedVersion: set.version }) });
  if (applied?.status !== 202) return { status: `refused (${applied?.status ?? 'no answer'})`, ms: Date.now() - started };
  for (;;) {
    const r = await rec.send('change set', `${appUrl}/api/v1/change-sets/${set.setId}`, { headers: { cookie } });
    const view = Recorder.json(r) as { status?: string; header?: { status?: string } } | undefined;
    const status = view?.status ?? view?.header?.status ?? 'unknown';
    if (status !== 'applying' && status !== 'draft') return { status, ms: Date.now() - started };
    if (Date.now() - started > 300_000) return { status: `${status} after 5 minutes`, ms: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// Set-up for the erasure suites: a tenant where one person (Ada Lovelace) holds roles, acted,
// was invited, is signed in and is provisioned by directory sync, and a second tenant she belongs
// to; plus the checks that prove nothing of hers is left.
import assert from 'node:assert/strict';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { putSessionRecord } from '../../lib/auth/session-records';
import { INDEX, keys, tenantPrefix } from '../../lib/db';
import { createInvitation } from '../../lib/invitations';
import { addMembership, changeRole } from '../../lib/members';
import { groupMemberItems } from '../../lib/scim/group-item';
import { directoryUserItem, userNameClaimItem } from '../../lib/scim/user-item';
import { ensureUser } from '../../lib/users';
import { person, tenantWithTree } from '../members/fixtures';
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';

const direct = () => ({ client: directClient(), tableName: tableName() });

import { queryAll } from '../members/membership-invariants';

export { queryAll };

/**
 * Every item of one tenant. A Scan, for this test only (the app never scans): the proof of
 * absence must not depend on the indexes the erasure itself used.
 */
export async function scanTenant(tenantId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await directClient().send(
      new ScanCommand({
        TableName: tableName(), ExclusiveStartKey: start,
        FilterExpression: 'PK = :t OR begins_with(PK, :prefix)',
        ExpressionAttributeValues: { ':t': tenantPrefix(tenantId), ':prefix': `${tenantPrefix(tenantId)}#` },
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The items of the tenant that still hold any of `needles` (case-insensitive), as "PK SK". */
export async function itemsNaming(tenantId: string, needles: string[]): Promise<string[]> {
  const lower = needles.map((n) => n.toLowerCase());
  return (await scanTenant(tenantId))
    .filter((i) => lower.some((n) => JSON.stringify(i).toLowerCase().includes(n)))
    .map((i) => `${i.PK} ${i.SK} (${i.type})`);
}

export const auditTrail = async (tenantId: string) =>
  queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(tenantId) }, ConsistentRead: true });

export async function erasureWorld() {
  const t = await tenantWithTree('Erase');
  const platform = direct();
  const user = await ensureUser(platform, `ada.lovelace@${t.domain}`, 'Ada Lovelace');
  const ada = { userId: user.id, email: user.email, name: 'Ada Lovelace' };

  // Her roles: admin of the organization, manager of Cloud (after a role change), manager of Sales.
  await addMembership(t.db, t.owner, { unitId: t.rootUnitId, role: 'admin', ...ada });
  await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', userId: ada.userId });
  await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'manager', userId: ada.userId });
  await changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, role: 'manager', expectedVersion: 1 });
  // What she did: placed Bob, invited Carol.
  const bob = person('Bob Byron');
  await addMembership(t.db, ada, { unitId: t.engineering.id, role: 'member', ...bob });
  await createInvitation(t.db, ada, { email: `carol@${t.domain}`, unitId: t.sales.id, role: 'member' });
  // An invitation to her address, a live session, and her directory account in a group.
  await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.engineering.id, role: 'member' });
  await putSessionRecord(t.db, { userId: ada.userId, sessionId: `s${ulid()}`, expiresAt: new Date(Date.now() + 3_600_000), device: 'Firefox' });
  const now = new Date().toISOString();
  const groupId = ulid();
  for (const Item of [
    directoryUserItem(t.tenantId, {
      userId: ada.userId, userName: ada.email, active: true, email: ada.email, emails: [ada.email], displayName: 'Ada King Lovelace',
      resource: { userName: ada.email, name: { givenName: 'Ada', familyName: 'Lovelace' } }, version: 1, createdAt: now, updatedAt: now,
    }),
    userNameClaimItem(t.tenantId, ada.email, ada.userId),
    { ...keys.directoryGroup(t.tenantId, groupId), type: 'directoryGroup', tenantId: t.tenantId, groupId, displayName: 'Analysts', memberCount: 1 },
    ...groupMemberItems(t.tenantId, groupId, ada.userId),
  ]) {
    await directClient().send(new PutCommand({ TableName: tableName(), Item }));
  }

  // A second organization she belongs to.
  const other = await newTenant('Elsewhere');
  const otherDb = tenantDbFor(other.tenantId);
  await addMembership(otherDb, { userId: other.ownerUserId, email: other.ownerEmail }, { unitId: other.rootUnitId, role: 'member', ...ada });

  return { ...t, ada, bob, groupId, other: { ...other, db: otherDb }, platform };
}

/** Nothing in the tenant's indexes finds her by email or by name, and no item holds either. */
export async function assertErasedFrom(tenantId: string, ada: { email: string; name: string }) {
  const [byEmail, byName, byWord, scimEmails] = await Promise.all([
    queryAll({ IndexName: INDEX.gsi2, KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK = :e', ExpressionAttributeValues: { ':pk': keys.gsi2.emails(tenantId), ':e': ada.email } }),
    queryAll({ IndexName: INDEX.gsi3, KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :n)', ExpressionAttributeValues: { ':pk': keys.gsi3.names(tenantId), ':n': 'ada' } }),
    queryAll({ IndexName: INDEX.gsi3, KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :n)', ExpressionAttributeValues: { ':pk': keys.gsi3.names(tenantId), ':n': 'lovelace' } }),
    queryAll({ IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :e)', ExpressionAttributeValues: { ':pk': keys.gsi1.directoryEmails(tenantId), ':e': ada.email } }),
  ]);
  assert.deepEqual([...byEmail, ...byName, ...byWord, ...scimEmails], [], 'the indexes find nothing of hers');
  assert.deepEqual(await itemsNaming(tenantId, [ada.email, ada.name, 'lovelace']), [], 'no item holds her email or name');
}

// A person's directory-sync records (lib/scim): their SCIM User in their own partition
// (`T#<t>#USER#<user>` / `SCIM`), its userName claim, both items of each group link, and the
// directory's recent errors that quote their address. As SCIM's own DELETE does, the account is
// first marked `deleting` (conditioned on the version read), so a sync arriving meanwhile cannot
// place the person again while their memberships go. Server-only.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, queryAll, type Key, type TenantDb } from '../db';
import { countResources } from '../scim/directory-config';
import { toDirectoryUser, userNameClaimKey } from '../scim/user-item';
import { deleteInTransactions } from './delete-in-transactions';
import type { ErasedPerson } from './pseudonym';

/** Stops directory sync from placing the person again (a no-op without a live SCIM User). */
export async function stopDirectorySync(db: TenantDb, account: Record<string, unknown> | undefined): Promise<void> {
  if (!account || account.state === 'deleting') return;
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName, Key: { PK: account.PK as string, SK: account.SK as string },
        UpdateExpression: 'SET #state = :deleting, active = :off, version = version + :one',
        ConditionExpression: 'version = :v',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':deleting': 'deleting', ':off': false, ':one': 1, ':v': account.version },
      }),
    );
  } catch (e) {
    // Changed or deleted by the directory meanwhile: the account is deleted below all the same.
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
  }
}

/** What the directory holds about the person (for a dry run, and for the delete). */
export async function directoryRecords(db: TenantDb, partition: Record<string, unknown>[], person: ErasedPerson) {
  const account = partition.find((i) => i.type === 'directoryUser');
  const groupIds = partition.filter((i) => i.type === 'userGroup').map((i) => String(i.groupId));
  const errors = person.email
    ? await queryAll(db, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :errors)',
        FilterExpression: 'contains(#request, :email) OR contains(#detail, :email)',
        ExpressionAttributeNames: { '#request': 'request', '#detail': 'detail' },
        ExpressionAttributeValues: { ':pk': keys.directoryPartition(db.tenantId), ':errors': keys.directoryErrorPrefix, ':email': person.email },
        ProjectionExpression: 'PK, SK',
      })
    : [];
  return { account, groupIds, errorKeys: errors.map((i) => ({ PK: i.PK as string, SK: i.SK as string })) };
}

/** Deletes the records; returns how many items went. */
export async function deleteDirectoryRecords(db: TenantDb, userId: string, records: Awaited<ReturnType<typeof directoryRecords>>): Promise<number> {
  const { account, groupIds, errorKeys } = records;
  const doomed: Key[] = [
    ...groupIds.flatMap((g) => [keys.groupMember(db.tenantId, g, userId), keys.userGroup(db.tenantId, userId, g)]),
    ...errorKeys,
  ];
  if (account) doomed.push(keys.directoryUser(db.tenantId, userId), userNameClaimKey(db.tenantId, toDirectoryUser(account).userName));
  await deleteInTransactions(db, doomed);
  if (account) await countResources(db, 'userCount', -1);
  // Group member counts are shown, not decided on (as SCIM's delete does): moved after, on groups that still exist.
  await Promise.all(
    groupIds.map((g) =>
      db.client
        .send(new UpdateCommand({ TableName: db.tableName, Key: keys.directoryGroup(db.tenantId, g), UpdateExpression: 'ADD memberCount :m', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':m': -1 } }))
        .catch(() => undefined),
    ),
  );
  return doomed.length;
}

export type DirectoryRecords = Awaited<ReturnType<typeof directoryRecords>>;

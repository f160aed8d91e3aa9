// A person's directory-sync records (lib/scim): their SCIM User in their own partition
// (`T#<t>#USER#<user>` / `SCIM`), its userName claim, both items of each group link, and the
// directory's recent errors that quote their address. As SCIM's own DELETE does, the account is
// first marked `deleting` (conditioned on the version read), so a sync arriving meanwhile cannot
// place the person again while their memberships go.
//
// Each delete carries the counter it moves in the same transaction, conditioned on the item still
// being there: the account with the directory's `userCount`, each group link with its group's
// `memberCount`. A SCIM DELETE of the same person running meanwhile (it marks the account
// `deleting` too, and deletes it conditioned the same way) or a crash between two writes can then
// neither count a removal twice nor leave one uncounted: whoever deletes the item counts it.
import 'server-only';
import { keys, queryAll, transaction, type TenantDb, type TransactItem } from '../db';
import { toDirectoryUser, userNameClaimKey } from '../scim/user-item';
import { deleteInTransactions } from './delete-in-transactions';
import type { ErasedPerson } from './pseudonym';
import { writeOne } from './write-one';

/** Stops directory sync from placing the person again (a no-op without a live SCIM User). */
export async function stopDirectorySync(db: TenantDb, account: Record<string, unknown> | undefined): Promise<void> {
  if (!account || account.state === 'deleting') return;
  // Refused when changed or deleted by the directory meanwhile: the account is deleted below all the same.
  await writeOne(db, {
    Update: {
      TableName: db.tableName, Key: { PK: account.PK as string, SK: account.SK as string },
      UpdateExpression: 'SET #state = :deleting, active = :off, version = version + :one',
      ConditionExpression: 'version = :v',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':deleting': 'deleting', ':off': false, ':one': 1, ':v': account.version },
    },
  });
}

/** What the directory holds about the person (for a dry run, and for the delete). */
export async function directoryRecords(db: TenantDb, partition: Record<string, unknown>[], person: ErasedPerson) {
  const account = partition.find((i) => i.type === 'directoryUser');
  const groupIds = partition.filter((i) => i.type === 'userGroup').map((i) => String(i.groupId));
  // `contains` in a FilterExpression is case-sensitive and the IdP may send the address in any
  // case, so the (30 days of) errors are compared here.
  const email = person.email.toLowerCase();
  const errors = email
    ? (
        await queryAll(db, {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :errors)',
          ExpressionAttributeNames: { '#request': 'request', '#detail': 'detail' },
          ExpressionAttributeValues: { ':pk': keys.directoryPartition(db.tenantId), ':errors': keys.directoryErrorPrefix },
          ProjectionExpression: 'PK, SK, #request, #detail',
        })
      ).filter((i) => [i.request, i.detail].some((text) => typeof text === 'string' && text.toLowerCase().includes(email)))
    : [];
  return { account, groupIds, errorKeys: errors.map((i) => ({ PK: i.PK as string, SK: i.SK as string })) };
}

/** Deletes the records; returns how many items went (by this erasure: not those a concurrent SCIM DELETE took). */
export async function deleteDirectoryRecords(db: TenantDb, userId: string, records: Awaited<ReturnType<typeof directoryRecords>>): Promise<number> {
  const { account, groupIds, errorKeys } = records;
  let deleted = 0;
  for (const groupId of groupIds) deleted += await deleteGroupLink(db, userId, groupId);
  if (account && (await deleteAccount(db, userId, toDirectoryUser(account).userName))) deleted += 2;
  return deleted + (await deleteInTransactions(db, errorKeys));
}

const linkDeletes = (db: TenantDb, userId: string, groupId: string, condition: { ConditionExpression?: string }): TransactItem[] => [
  { Delete: { TableName: db.tableName, Key: keys.groupMember(db.tenantId, groupId, userId), ...condition } },
  { Delete: { TableName: db.tableName, Key: keys.userGroup(db.tenantId, userId, groupId) } },
];

/** Both items of one group link and the group's `memberCount`, together; 0 when the link was already gone. */
async function deleteGroupLink(db: TenantDb, userId: string, groupId: string): Promise<number> {
  let linkGone = false;
  const outcome = await transaction(db)
    .add(linkDeletes(db, userId, groupId, { ConditionExpression: 'attribute_exists(PK)' }), () => {
      linkGone = true;
      return 'retry';
    })
    .add(
      {
        Update: {
          TableName: db.tableName, Key: keys.directoryGroup(db.tenantId, groupId),
          UpdateExpression: 'ADD memberCount :m', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':m': -1 },
        },
      },
      () => 'retry',
    )
    .send();
  if (outcome === 'written') return 2;
  // Removed meanwhile (a SCIM DELETE or group PATCH): whoever removed it counted it.
  if (linkGone) return 0;
  // The group itself is gone (with its count): the link only.
  await transaction(db).add(linkDeletes(db, userId, groupId, {})).send();
  return 2;
}

/** The SCIM User, its userName claim and the directory's `userCount`, together; false when it was already gone. */
async function deleteAccount(db: TenantDb, userId: string, userName: string): Promise<boolean> {
  let accountGone = false;
  let claimTaken = false;
  for (let attempt = 0; attempt < 2; attempt++) {
    const tx = transaction(db)
      // Also when the account is `deleting` because a SCIM DELETE marked it: whichever of the two
      // deletes it first counts it, and the other finds it gone.
      .add({ Delete: { TableName: db.tableName, Key: keys.directoryUser(db.tenantId, userId), ConditionExpression: 'attribute_exists(PK)' } }, () => {
        accountGone = true;
        return 'retry';
      })
      .add({
        Update: {
          TableName: db.tableName, Key: keys.directoryConfig(db.tenantId),
          UpdateExpression: 'SET #type = :type, tenantId = :t ADD userCount :by',
          ExpressionAttributeNames: { '#type': 'type' }, ExpressionAttributeValues: { ':type': 'directoryConfig', ':t': db.tenantId, ':by': -1 },
        },
      });
    // The claim goes only while it is still this account's (a new account may hold the name since).
    if (!claimTaken) {
      tx.add(
        { Delete: { TableName: db.tableName, Key: userNameClaimKey(db.tenantId, userName), ConditionExpression: 'attribute_not_exists(PK) OR ownerId = :id', ExpressionAttributeValues: { ':id': userId } } },
        () => {
          claimTaken = true;
          return 'retry';
        },
      );
    }
    if ((await tx.send()) === 'written') return true;
    if (accountGone) return false;
  }
  return false;
}

export type DirectoryRecords = Awaited<ReturnType<typeof directoryRecords>>;

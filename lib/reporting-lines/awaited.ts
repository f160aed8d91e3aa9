// A manager the directory named before Arbor knew them: IdPs send people in any order, so a
// person's enterprise `manager` may arrive before the manager's own User. It is kept beside the
// person (`T#<t>#USER#<u>` / `MANAGER#AWAITED`, so it goes with them) and indexed by the awaited
// manager (GSI3 `T#<t>#AWAITS#<manager>`), so the manager's arrival finds, with one Query, whose
// line to set.
import 'server-only';
import { deleteItem, INDEX, keys, putItem, queryAll, type TenantDb } from '../db';

export async function awaitManager(db: TenantDb, userId: string, managerId: string): Promise<void> {
  await putItem(db, {
    Item: {
      ...keys.awaitedManager(db.tenantId, userId),
      type: 'awaitedManager',
      tenantId: db.tenantId,
      userId,
      managerId,
      since: new Date().toISOString(),
      GSI3PK: keys.gsi3.awaitingManager(db.tenantId, managerId),
      GSI3SK: userId,
    },
  });
}

export async function stopAwaiting(db: TenantDb, userId: string): Promise<void> {
  await deleteItem(db, { Key: keys.awaitedManager(db.tenantId, userId) });
}

/** The people waiting for `managerId` to arrive (one Query, every page; usually none). */
export async function awaitingReports(db: TenantDb, managerId: string): Promise<string[]> {
  const items = await queryAll(db, {
    IndexName: INDEX.gsi3,
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.gsi3.awaitingManager(db.tenantId, managerId) },
  });
  return items.map((i) => String(i.userId));
}

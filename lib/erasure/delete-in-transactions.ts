// Unconditioned deletes of items nobody else writes any more (what erasure leaves behind in a
// person's partition, directory errors), in transactions of up to 90 so each carries the entry
// point's decision facts like every other write.
import 'server-only';
import { transaction, type Key, type TenantDb } from '../db';

const CHUNK = 90;

export async function deleteInTransactions(db: TenantDb, itemKeys: Key[]): Promise<number> {
  for (let start = 0; start < itemKeys.length; start += CHUNK) {
    const deletes = itemKeys.slice(start, start + CHUNK).map((Key) => ({ Delete: { TableName: db.tableName, Key } }));
    await transaction(db).add(deletes).send();
  }
  return itemKeys.length;
}

// Erasure's single-item writes, each sent as a transaction so it carries the entry point's
// decision facts (lib/db/write-guards.ts) like every other write: an owner demoted, or an API
// key's grant changed, after the decision stops the erasure's next write with `authz.stale`.
import 'server-only';
import { transaction, type TenantDb, type TransactItem } from '../db';

/** Sends the item; false when its own condition failed (the item is gone or changed meanwhile). */
export async function writeOne(db: TenantDb, item: TransactItem): Promise<boolean> {
  return (await transaction(db).add(item, () => 'retry').send()) === 'written';
}

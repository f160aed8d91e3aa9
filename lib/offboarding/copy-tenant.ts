// A per-tenant restore (`npm run cli -- tenant copy <id> --from-table <table>`; docs/deploy.md,
// "Restoring one tenant"): DynamoDB restores a whole table to a point in time, into a new table;
// this copies one tenant's items from that table back into the live one. Operator only: the
// tenant's items are found in the restored table by a Scan (it reads that whole table, which
// nothing else uses), the same filter as the deletion's proof.
//
// What it writes: every `T#<t>…` and `TENANT#<t>` item as it was (overwriting the live copy);
// the tenant's tokens; its domain claims unless another tenant has proven the domain since
// (reported, left as they are); the `USER#`/`EMAIL#` records of its people only where none exist
// now (someone who signed up again keeps their live record). It leaves out a deletion journal and
// a deletion mark that the restore point may hold, so the restored tenant is not deleted again by
// the next due pass. Server-only.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, isConditionFailure, keys, tenantPrefix, type DocumentClient } from '../db';
import { batchPut } from './batch-put';
import { sameTable } from './errors';
import { itemId, type StoredItem } from './offboarding-scope';
import { scanTenantItems } from './scan-tenant-items';

type Table = { client: DocumentClient; tableName: string };

export interface CopyReport {
  tenantId: string;
  /** Items of the tenant the restored table holds (tenant and platform items, people not included). */
  found: number;
  copied: number;
  /** Domains another organization has proven since the restore point: their claims were left alone. */
  claimsKept: string[];
  /** People records written (missing live) and left (present live). */
  peopleCopied: number;
  peopleKept: number;
  /** A deletion mark or journal the restore point held, not copied. */
  deletionMarksDropped: number;
  scanned: number;
}

export async function copyTenant(input: { source: Table; target: Table; tenantId: string }): Promise<CopyReport> {
  const { source, target, tenantId } = input;
  if (source.tableName === target.tableName) throw sameTable();
  const { items, scanned } = await scanTenantItems(source, tenantId);
  let deletionMarksDropped = 0;
  const journal = keys.tenantDeletion(tenantId);
  const plain: StoredItem[] = [];
  const claims: StoredItem[] = [];
  for (const raw of items) {
    if (raw.PK === journal.PK && raw.SK === journal.SK) {
      deletionMarksDropped++;
      continue;
    }
    const pk = String(raw.PK);
    if (pk.startsWith('DOMAIN#')) claims.push(raw);
    else if (raw.PK === tenantPrefix(tenantId) && raw.SK === 'TENANT' && raw.deletion) {
      const { deletion: _mark, GSI4PK: _pk, GSI4SK: _sk, ...settings } = raw;
      deletionMarksDropped++;
      plain.push(settings);
    } else plain.push(raw);
  }
  await batchPut(target, plain);

  const claimsKept: string[] = [];
  for (const claim of claims) {
    try {
      await target.client.send(new PutCommand({
        TableName: target.tableName, Item: claim,
        ConditionExpression: 'attribute_not_exists(PK) OR tenantId = :t', ExpressionAttributeValues: { ':t': tenantId },
      }));
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      claimsKept.push(String(claim.domain ?? claim.PK));
    }
  }

  // People: their global records as the restore point had them, where the live table has none.
  const userIds = [...new Set(plain.filter((i) => i.type === 'tenantUser' && typeof i.userId === 'string').map((i) => String(i.userId)))];
  const users = await batchGet(source, userIds.map((u) => keys.user(u)));
  const emails = await batchGet(source, users.filter((u) => typeof u.email === 'string').map((u) => keys.userEmail(String(u.email))));
  let peopleCopied = 0;
  let peopleKept = 0;
  for (const record of [...users, ...emails]) {
    try {
      await target.client.send(new PutCommand({ TableName: target.tableName, Item: record, ConditionExpression: 'attribute_not_exists(PK)' }));
      peopleCopied++;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      peopleKept++;
    }
  }
  const copied = plain.length + claims.length - claimsKept.length;
  return { tenantId, found: new Set(items.map(itemId)).size, copied, claimsKept, peopleCopied, peopleKept, deletionMarksDropped, scanned };
}

// A per-tenant restore (`npm run cli -- tenant copy <id> --from-table <table>`; docs/deploy.md,
// "Restoring one tenant"): DynamoDB restores a whole table to a point in time, into a new table;
// this copies one tenant's items from that table back into the live one. Operator only: the
// tenant's items are found in the restored table by a Scan (it reads that whole table, which
// nothing else uses), the same filter as the deletion's proof.
//
// What it writes: every `T#<t>…` and `TENANT#<t>` item as it was (overwriting the live copy);
// the tenant's tokens; its domain claims unless another tenant has proven the domain since
// (reported, left as they are); the `USER#`/`EMAIL#` records of its people only where neither
// exists now, both in one transaction (someone who signed up again keeps their live record). It leaves out a deletion journal and
// a deletion mark that the restore point may hold, so the restored tenant is not deleted again by
// the next due pass.
import 'server-only';
import { batchGet, keys, putAll, putItem, tenantPrefix, transactWrite, type PlatformDb, type TransactItem } from '../db';
import { sameTable } from './errors';
import { itemId, type StoredItem } from './offboarding-scope';
import { scanTenantItems } from './scan-tenant-items';

type Table = PlatformDb;

export interface CopyReport {
  tenantId: string;
  /** Items of the tenant the restored table holds (tenant and platform items, people not included). */
  found: number;
  copied: number;
  /** Domains another organization has proven since the restore point: their claims were left alone. */
  claimsKept: string[];
  /** People records written (both of a person missing live) and left (either present live). */
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
  const userIds = [...new Set(items.filter((i) => i.type === 'tenantUser' && typeof i.userId === 'string').map((i) => String(i.userId)))];
  const users = await batchGet(source, userIds.map((u) => keys.user(u)));
  const emails = await batchGet(source, users.filter((u) => typeof u.email === 'string').map((u) => keys.userEmail(String(u.email))));
  return { ...(await writeTenantItems(target, tenantId, items, { users, emails })), scanned };
}

/**
 * Writes a tenant's items as they were (from a restored table, or an export read back): its own
 * and platform items, its domain claims unless another tenant holds the domain now, and its
 * people's `USER#`/`EMAIL#` records where absent live.
 */
export async function writeTenantItems(
  target: Table, tenantId: string, items: StoredItem[], people: { users: StoredItem[]; emails: StoredItem[] },
): Promise<Omit<CopyReport, 'scanned'>> {
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
    if (pk.startsWith(keys.domainClaimPrefix)) claims.push(raw);
    else if (raw.PK === tenantPrefix(tenantId) && raw.SK === 'TENANT' && raw.deletion) {
      const { deletion: _mark, GSI4PK: _pk, GSI4SK: _sk, ...settings } = raw;
      deletionMarksDropped++;
      plain.push(settings);
    } else plain.push(raw);
  }
  await putAll(target, plain);

  const claimsKept: string[] = [];
  for (const claim of claims) {
    const restored = await putItem(target, {
      Item: claim, ConditionExpression: 'attribute_not_exists(PK) OR tenantId = :t', ExpressionAttributeValues: { ':t': tenantId },
    });
    if (!restored.written) claimsKept.push(String(claim.domain ?? claim.PK));
  }

  // People: their global records as the restore point had them, where the live table has none.
  // A person's `USER#` and `EMAIL#` go in one transaction, each conditioned on being absent, so a
  // restored identity never points at an address another identity owns now (nor the reverse):
  // both are written, or neither.
  const { users, emails } = people;
  let peopleCopied = 0;
  let peopleKept = 0;
  for (const user of users) {
    const identity = identityPuts(target.tableName, user, emails);
    const refused = await transactWrite(target, identity);
    if (refused) peopleKept += identity.filter((i) => i.Put).length;
    else peopleCopied += identity.filter((i) => i.Put).length;
  }
  const copied = plain.length + claims.length - claimsKept.length;
  return { tenantId, found: new Set(items.map(itemId)).size, copied, claimsKept, peopleCopied, peopleKept, deletionMarksDropped };
}

/**
 * A person's identity as one all-or-nothing write: `USER#` and, from the restored table, the
 * `EMAIL#` record that is theirs, each only where absent live. With no such `EMAIL#` there, the
 * address must at least not be another identity's live.
 */
function identityPuts(tableName: string, user: StoredItem, emails: StoredItem[]): TransactItem[] {
  const absent = { ConditionExpression: 'attribute_not_exists(PK)' };
  const email = typeof user.email === 'string' ? user.email : undefined;
  const emailKey = email !== undefined ? keys.userEmail(email) : undefined;
  const emailItem = emailKey && emails.find((e) => e.PK === emailKey.PK && e.SK === emailKey.SK && e.userId === user.userId);
  const userPut: TransactItem = { Put: { TableName: tableName, Item: user, ...absent } };
  if (emailItem) return [userPut, { Put: { TableName: tableName, Item: emailItem, ...absent } }];
  if (!emailKey) return [userPut];
  return [userPut, {
    ConditionCheck: {
      TableName: tableName, Key: emailKey,
      ConditionExpression: 'attribute_not_exists(PK) OR userId = :u', ExpressionAttributeValues: { ':u': user.userId },
    },
  }];
}

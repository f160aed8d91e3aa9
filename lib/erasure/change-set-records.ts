// What the tenant's change sets (lib/change-sets) hold about a person, pseudonymised in place:
// - operations (`OP#<seq>`): the operation itself (an `addMember` that puts them back carries
//   `person: { email, name }`), `basis.people[<their id>]`, and `addedBy` when they drafted it;
// - inverses of applied operations (`UNDO#<seq>`): the same `person` in each inverse;
// - reviews (`REVIEW#<their id>`): the reviewer's name and email.
// Without this, reverting or applying a set would re-create their profile with their name and
// address. The sets are found as lib/change-sets lists them (GSI1 `T#<t>#REORGS`), each read
// with one Query of its partition. The header (`SET`: author, scheduler, runner) is left: it is
// written whole under a version that an erasure must not bump (docs/privacy.md).
import 'server-only';
import { getItem, INDEX, keys, queryAll, type TenantDb } from '../db';
import { erasureBusy } from './errors';
import { pseudonymise, type ErasedPerson } from './pseudonym';
import { writeOne } from './write-one';

/** Attributes that are not the record's content (its keys and type), never rewritten. */
const FIXED = new Set(['PK', 'SK', 'type', 'tenantId', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'GSI4PK', 'GSI4SK']);
const REWRITTEN_SK = /^(OP|UNDO|REVIEW)#/;
/** Sets read at once. */
const PARALLEL = 8;
/** Attempts at one item written meanwhile (a re-confirmed operation) before giving up on it. */
const ATTEMPTS = 3;

/** The attributes of a change-set item that change for this person (empty: it does not name them). */
export function changeSetItemChanges(item: Record<string, unknown>, person: ErasedPerson): Record<string, unknown> {
  if (!REWRITTEN_SK.test(String(item.SK))) return {};
  // Pseudonymised as a whole, so a review's own `userId` makes its `name` and `email` theirs.
  const next = pseudonymise(item, person);
  if (next === item) return {};
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => !FIXED.has(k) && v !== item[k]));
}

/** The operation, inverse and review items of every change set of the tenant that name the person. */
export async function changeSetRecords(db: TenantDb, person: ErasedPerson): Promise<Record<string, unknown>[]> {
  if (!person.userId && !person.email) return [];
  const sets = await queryAll(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.gsi1.changeSets(db.tenantId) },
    ProjectionExpression: 'setId',
  });
  const found: Record<string, unknown>[] = [];
  for (let start = 0; start < sets.length; start += PARALLEL) {
    const partitions = await Promise.all(
      sets.slice(start, start + PARALLEL).map((s) =>
        queryAll(db, {
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.changeSetPartition(db.tenantId, String(s.setId)) },
          ConsistentRead: true,
        }),
      ),
    );
    for (const item of partitions.flat()) if (Object.keys(changeSetItemChanges(item, person)).length > 0) found.push(item);
  }
  return found;
}

/**
 * Rewrites the items; returns how many were changed. Each UpdateItem is conditioned on the
 * rewritten attributes being as read, so an operation re-confirmed meanwhile (a new basis) is read
 * again rather than overwritten with the old one.
 */
export async function pseudonymiseChangeSetRecords(db: TenantDb, items: Record<string, unknown>[], person: ErasedPerson): Promise<number> {
  let rewritten = 0;
  for (let start = 0; start < items.length; start += PARALLEL) {
    const done = await Promise.all(items.slice(start, start + PARALLEL).map((item) => rewriteOne(db, item, person)));
    rewritten += done.filter(Boolean).length;
  }
  return rewritten;
}

async function rewriteOne(db: TenantDb, read: Record<string, unknown>, person: ErasedPerson): Promise<boolean> {
  const key = { PK: read.PK as string, SK: read.SK as string };
  let item: Record<string, unknown> | undefined = read;
  for (let attempt = 1; item; attempt++) {
    const changes = changeSetItemChanges(item, person);
    const fields = Object.keys(changes);
    if (fields.length === 0) return false;
    const names = Object.fromEntries(fields.map((f, i) => [`#f${i}`, f]));
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    const same: string[] = ['attribute_exists(PK)'];
    fields.forEach((f, i) => {
      sets.push(`#f${i} = :new${i}`);
      values[`:new${i}`] = changes[f];
      if (item![f] === undefined) same.push(`attribute_not_exists(#f${i})`);
      else {
        same.push(`#f${i} = :old${i}`);
        values[`:old${i}`] = item![f];
      }
    });
    const written = await writeOne(db, {
      Update: {
        TableName: db.tableName, Key: key,
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: same.join(' AND '),
        ExpressionAttributeNames: names, ExpressionAttributeValues: values,
      },
    });
    if (written) return true;
    if (attempt >= ATTEMPTS) throw erasureBusy();
    // Changed or deleted meanwhile (a re-confirmed operation, a set discarded): read it again.
    item = await getItem(db, key);
  }
  return false;
}

// The audit entries of one tenant that may name a person, found through indexes only (no Scan):
// - as the actor: GSI2 `T#<t>#AUDIT#ACTOR#<userId>` (T14 by actor), every entry;
// - about them: GSI3 `T#<t>#AUDIT#ACTION#<action>` for each action that can name a person
//   (./person-actions.ts), filtered to the entries that carry their user id or email;
// - written since the erasure began (its own membership removals): the tenant's trail itself,
//   `PK = T#<t>#AUDIT and SK >= <ULID of the start>`, strongly consistent, because an index may
//   not show an entry written a moment ago.
// Expired entries are included: TTL removes them lazily and until then they still hold the data.
import 'server-only';
import { encodeTime } from 'ulid';
import { INDEX, keys, queryAll, type TenantDb } from '../db';
import { PERSON_ACTIONS } from './person-actions';
import type { ErasedPerson } from './pseudonym';

/** The FilterExpression matching an entry about the person (and, with `asActor`, by them). */
function aboutPerson(person: ErasedPerson, asActor: boolean) {
  const names: Record<string, string> = { '#target': 'target', '#before': 'before', '#after': 'after' };
  const values: Record<string, unknown> = {};
  const any: string[] = [];
  if (person.userId) {
    Object.assign(names, { '#id': 'id', '#userId': 'userId' });
    values[':uid'] = person.userId;
    any.push('contains(#target.#id, :uid)', '#before.#userId = :uid', '#after.#userId = :uid');
    if (asActor) any.push('#actor.#userId = :uid');
  }
  if (person.email) {
    Object.assign(names, { '#label': 'label', '#email': 'email', '#owner': 'owner' });
    values[':email'] = person.email;
    any.push('#target.#label = :email', '#before.#email = :email', '#after.#email = :email', '#after.#owner = :email');
    if (asActor) any.push('#actor.#email = :email');
  }
  if (asActor) names['#actor'] = 'actor';
  return { FilterExpression: any.join(' OR '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** The smallest audit id (ULID) of an entry written at or after `since`. */
export const firstAuditIdAt = (since: Date) => `${encodeTime(since.getTime(), 10)}${'0'.repeat(16)}`;

export async function findAuditEntries(db: TenantDb, person: ErasedPerson, options: { since?: Date } = {}): Promise<Record<string, unknown>[]> {
  const about = aboutPerson(person, false);
  const reads: Promise<Record<string, unknown>[]>[] = PERSON_ACTIONS.map((action) =>
    queryAll(db, {
      IndexName: INDEX.gsi3,
      KeyConditionExpression: 'GSI3PK = :pk',
      ...about,
      ExpressionAttributeValues: { ...about.ExpressionAttributeValues, ':pk': keys.gsi3.actionAudit(db.tenantId, action) },
    }),
  );
  if (person.userId) {
    reads.push(
      queryAll(db, {
        IndexName: INDEX.gsi2,
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.gsi2.actorAudit(db.tenantId, person.userId) },
      }),
    );
  }
  if (options.since) {
    const recent = aboutPerson(person, true);
    reads.push(
      queryAll(db, {
        KeyConditionExpression: 'PK = :pk AND SK >= :since',
        ...recent,
        ExpressionAttributeValues: { ...recent.ExpressionAttributeValues, ':pk': keys.auditPartition(db.tenantId), ':since': firstAuditIdAt(options.since) },
        ConsistentRead: true,
      }),
    );
  }
  const byId = new Map<string, Record<string, unknown>>();
  for (const item of (await Promise.all(reads)).flat()) byId.set(String(item.SK), item);
  return [...byId.values()];
}

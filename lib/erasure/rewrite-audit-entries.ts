// Pseudonymises audit entries in place: the event stays (its id, time, action, unit, the actor's
// and target's ids, roles and other details), the person's name and email do not. Each entry is
// one conditioned update of the attributes that named them, conditioned on the entry still existing (TTL
// may remove it meanwhile); its index keys do not change, so the entry stays in every listing it
// was in (by unit, by action, by actor id).
import 'server-only';
import type { TenantDb } from '../db';
import { ERASED_NAME, erasedActor, pseudonymise, type ErasedPerson } from './pseudonym';
import { writeOne } from './write-one';

const REWRITTEN = ['actor', 'target', 'before', 'after'] as const;
/** Entries updated at once: enough to keep a large rewrite quick without a burst of throttling. */
const PARALLEL = 8;

/** The attributes of an audit item that change for this person (empty: the entry does not name them). */
export function auditEntryChanges(item: Record<string, unknown>, person: ErasedPerson): Partial<Record<(typeof REWRITTEN)[number], unknown>> {
  const changes: Partial<Record<(typeof REWRITTEN)[number], unknown>> = {};
  const actor = item.actor as { userId?: string; email?: string; name?: string } | undefined;
  if (person.userId && actor?.userId === person.userId) {
    const erased = erasedActor(person.userId);
    if (actor.email !== erased.email || actor.name !== erased.name) changes.actor = erased;
  } else {
    const next = pseudonymise(actor, person);
    if (next !== actor) changes.actor = next;
  }

  const target = item.target as { id?: string; label?: string } | undefined;
  if (target) {
    // A label that was the person is shown as the pseudonym's name, not its address. A name
    // counts only on a target that is theirs (their id, or a membership `<unit>/<their id>`):
    // someone else of the same name keeps it.
    const label = target.label;
    const theirTarget = Boolean(person.userId) && (target.id === person.userId || Boolean(target.id?.endsWith(`/${person.userId}`)));
    const isThem =
      typeof label === 'string' &&
      ((person.email !== '' && label.toLowerCase() === person.email.toLowerCase()) || (theirTarget && person.names.includes(label)));
    const next = isThem ? { ...target, label: ERASED_NAME } : pseudonymise(target, person);
    if (next !== target) changes.target = next;
  }
  for (const field of ['before', 'after'] as const) {
    const value = item[field];
    const next = pseudonymise(value, person);
    if (next !== value) changes[field] = next;
  }
  return changes;
}

/** Rewrites the entries that name the person; returns how many were changed. */
export async function rewriteAuditEntries(db: TenantDb, items: Record<string, unknown>[], person: ErasedPerson): Promise<number> {
  const work = items
    .map((item) => ({ key: { PK: item.PK as string, SK: item.SK as string }, changes: auditEntryChanges(item, person) }))
    .filter((w) => Object.keys(w.changes).length > 0);
  let rewritten = 0;
  for (let start = 0; start < work.length; start += PARALLEL) {
    const done = await Promise.all(work.slice(start, start + PARALLEL).map((w) => rewriteOne(db, w.key, w.changes)));
    rewritten += done.filter(Boolean).length;
  }
  return rewritten;
}

async function rewriteOne(db: TenantDb, key: { PK: string; SK: string }, changes: Record<string, unknown>): Promise<boolean> {
  const fields = Object.keys(changes);
  // false: removed by TTL between the read and the write, nothing left to rewrite.
  return writeOne(db, {
    Update: {
      TableName: db.tableName,
      Key: key,
      UpdateExpression: `SET ${fields.map((f) => `#${f} = :${f}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(fields.map((f) => [`#${f}`, f])),
      ExpressionAttributeValues: Object.fromEntries(fields.map((f) => [`:${f}`, changes[f]])),
    },
  });
}

// What an erased person becomes wherever a record of what happened must stay (audit entries,
// invitations they sent): "Erased person", with their user id kept. The id is generated, says
// nothing about the person, and keeps the trail readable ("the same erased person removed three
// members") and filterable by actor; the name and email are gone. The email pseudonym is in the
// reserved `.invalid` domain (RFC 2606), so it can never reach a real mailbox. Pure: no I/O.
import type { AuditActor } from '../db';

export const ERASED_NAME = 'Erased person';
export const ERASED_EMAIL = 'erased-person@erased.invalid';

/** Whom to take out of a record: their user id (when they had one), email and every name seen. */
export interface ErasedPerson {
  userId?: string;
  email: string;
  names: string[];
}

/** The actor identity an erased person's actions are shown under. */
export const erasedActor = (userId: string): AuditActor => ({ userId, email: ERASED_EMAIL, name: ERASED_NAME });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `value` with the person taken out. Whose a value is comes from the nearest enclosing object
 * carrying a `userId` (or, in a record keyed by user id such as a change set's `people`, from its
 * key):
 * - the person's own objects lose their `email` and `name`, and any string in them equal to one of
 *   their names becomes the pseudonym;
 * - anywhere, a string that is their email becomes the pseudonymous address, and their email
 *   inside a longer string is replaced: an address names exactly one person;
 * - names are not matched outside their own objects: someone else (another user id, or text not
 *   tied to a person) may carry the same name, and their record must not lose it. Nor inside
 *   longer strings: a short name ("Al") would eat into unrelated text.
 * Returns the same reference when nothing changed.
 */
export function pseudonymise<T>(value: T, person: ErasedPerson): T {
  const email = person.email.toLowerCase();
  const names = new Set(person.names.filter((n) => n.trim() !== ''));
  const emailIn = email ? new RegExp(escape(email), 'gi') : undefined;
  const isThem = (userId: unknown) => person.userId !== undefined && userId === person.userId;

  /** `theirs`: inside an object that belongs to the person. */
  const walk = (v: unknown, theirs: boolean): unknown => {
    if (typeof v === 'string') {
      if (email && v.toLowerCase() === email) return ERASED_EMAIL;
      if (theirs && names.has(v)) return ERASED_NAME;
      return emailIn && v.toLowerCase().includes(email) ? v.replace(emailIn, ERASED_EMAIL) : v;
    }
    if (Array.isArray(v)) {
      const next = v.map((x) => walk(x, theirs));
      return next.some((x, i) => x !== v[i]) ? next : v;
    }
    if (v && typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      const owned = typeof obj.userId === 'string' && obj.userId !== '' ? isThem(obj.userId) : theirs;
      let changed = false;
      const next: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(obj)) {
        const y = owned && k === 'email' ? ERASED_EMAIL : owned && k === 'name' ? ERASED_NAME : walk(x, owned || isThem(k));
        if (y !== x) changed = true;
        next[k] = y;
      }
      return changed ? next : v;
    }
    return v;
  };
  return walk(value, false) as T;
}

/** Whether `value` still holds the person's email or one of their names anywhere (a check, not a search). */
export function mentions(value: unknown, person: ErasedPerson): boolean {
  return pseudonymise(value, person) !== value;
}

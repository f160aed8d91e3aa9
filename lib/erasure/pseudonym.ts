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
 * `value` with the person taken out: an object carrying their user id loses its `email` and `name`
 * (an actor, a membership's before/after); a string that is their email or one of their names
 * becomes the pseudonym, and their email inside a longer string is replaced. Names inside longer
 * strings are left: a short name ("Al") would otherwise eat into unrelated text.
 * Returns the same reference when nothing changed.
 */
export function pseudonymise<T>(value: T, person: ErasedPerson): T {
  const email = person.email.toLowerCase();
  const names = new Set(person.names.filter((n) => n.trim() !== ''));
  const emailIn = email ? new RegExp(escape(email), 'gi') : undefined;

  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (email && v.toLowerCase() === email) return ERASED_EMAIL;
      if (names.has(v)) return ERASED_NAME;
      return emailIn && v.toLowerCase().includes(email) ? v.replace(emailIn, ERASED_EMAIL) : v;
    }
    if (Array.isArray(v)) {
      const next = v.map(walk);
      return next.some((x, i) => x !== v[i]) ? next : v;
    }
    if (v && typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      const theirs = person.userId !== undefined && obj.userId === person.userId;
      let changed = false;
      const next: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(obj)) {
        const y = theirs && k === 'email' ? ERASED_EMAIL : theirs && k === 'name' ? ERASED_NAME : walk(x);
        if (y !== x) changed = true;
        next[k] = y;
      }
      return changed ? next : v;
    }
    return v;
  };
  return walk(value) as T;
}

/** Whether `value` still holds the person's email or one of their names anywhere (a check, not a search). */
export function mentions(value: unknown, person: ErasedPerson): boolean {
  return pseudonymise(value, person) !== value;
}

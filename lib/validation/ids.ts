// Ids are generated ULIDs; anything else in an id position is refused before it reaches a key.
import type { IdSubject } from '../errors';
import { badId } from './errors';

export const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function validateId(raw: unknown, what: IdSubject): string {
  if (typeof raw !== 'string' || !ULID.test(raw)) throw badId(what);
  return raw;
}

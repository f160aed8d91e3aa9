// Ids are generated ULIDs; anything else in an id position is refused before it reaches a key.
import { invalid } from '../errors';

export const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function validateId(raw: unknown, what: string): string {
  if (typeof raw !== 'string' || !ULID.test(raw)) throw invalid(`${what}.badId`, `That ${what} id is not valid.`);
  return raw;
}

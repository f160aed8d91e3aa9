// Validation of the free text users type: names, emails and search prefixes. Trimmed, bounded,
// and free of control characters; any other Unicode (including `#`, `/`, quotes, emoji) is
// allowed because text never becomes key material. Names and prefixes do become index sort-key
// values in their search form (NFKC, lower-cased), which some characters expand (U+FDFA is one
// character and eighteen after NFKC), so each is also bounded by the bytes of that form.
import type { NameSubject } from '../errors';
import { badEmail, badName, badPrefix } from './errors';

const CONTROL = /\p{Cc}/u;
// Bidirectional overrides and isolates make a name read differently from what it is.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
// Format characters, variation selectors and spaces only: a name no one can see or tell apart.
const INVISIBLE_ONLY = /^[\p{Cf}\p{Z}\uFE00-\uFE0F]+$/u;
export const NAME_MAX_LENGTH = 100;
/**
 * The most bytes a name or prefix may take in its search form. Any 100 characters of ordinary
 * text fit (4 bytes each at most); DynamoDB's sort-key limit is 1,024 bytes.
 */
export const SEARCH_KEY_MAX_BYTES = 400;

/** Lower-cased form used for sorting and prefix search. */
export const searchKey = (text: string) => text.normalize('NFKC').toLocaleLowerCase('en');

const searchKeyBytes = (text: string) => Buffer.byteLength(searchKey(text), 'utf8');

/** A display name: 1–100 characters after trimming, no control characters, indexable. */
export function validateName(raw: unknown, what: NameSubject): string {
  if (typeof raw !== 'string') throw badName(what, 'is required.');
  if (raw.length > NAME_MAX_LENGTH * 4) throw tooLong(what);
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) throw badName(what, "can't be empty.");
  if ([...name].length > NAME_MAX_LENGTH) throw tooLong(what);
  if (CONTROL.test(name)) throw badName(what, "can't contain line breaks or control characters.");
  if (BIDI_CONTROL.test(name)) throw badName(what, "can't contain characters that change the text direction.");
  if (INVISIBLE_ONLY.test(name)) throw badName(what, 'needs at least one visible character.');
  if (searchKeyBytes(name) > SEARCH_KEY_MAX_BYTES) {
    throw badName(what, 'is too long: some of its characters count as several when Arbor indexes it for search. Shorten it.');
  }
  return name;
}

const tooLong = (what: NameSubject) => badName(what, `can be at most ${NAME_MAX_LENGTH} characters.`);

export const PREFIX_MAX_LENGTH = NAME_MAX_LENGTH;

/** What a person types to search or filter: 1–100 characters; returns its search form. */
export function validateSearchPrefix(raw: unknown, code: 'search.badPrefix' | 'member.badPrefix' = 'search.badPrefix'): string {
  const text = typeof raw === 'string' && raw.length <= PREFIX_MAX_LENGTH * 4 ? raw.normalize('NFC').trim() : undefined;
  if (text === '') throw badPrefix(code, 'empty');
  if (text === undefined || [...text].length > PREFIX_MAX_LENGTH || CONTROL.test(text) || searchKeyBytes(text) > SEARCH_KEY_MAX_BYTES) {
    throw badPrefix(code, { max: PREFIX_MAX_LENGTH });
  }
  return searchKey(text);
}

// Deliberately simple: one @, no spaces, a dotted domain. The IdP is the authority on addresses.
const EMAIL = /^[^\s@]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

export function validateEmail(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw badEmail(undefined);
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email) || INVISIBLE.test(email)) {
    throw badEmail(printable(raw.trim().slice(0, 80)));
  }
  return email;
}

/** Text safe to quote back in a message: invisible and control characters shown as `?`. */
const printable = (text: string) => text.replace(new RegExp(INVISIBLE, 'gu'), '?');

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1);

// Validation of the free text users type: names and emails. Trimmed, bounded, and free of
// control characters; any other Unicode (including `#`, `/`, quotes, emoji) is allowed because
// text never becomes key material.
import { invalid } from '../errors';

const CONTROL = /\p{Cc}/u;
export const NAME_MAX_LENGTH = 100;

/** A display name: 1–100 characters after trimming, no control characters. */
export function validateName(raw: unknown, what: string, code: string): string {
  if (typeof raw !== 'string') throw invalid(code, `${what} is required.`);
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) throw invalid(code, `${what} can't be empty.`);
  if ([...name].length > NAME_MAX_LENGTH) throw invalid(code, `${what} can be at most ${NAME_MAX_LENGTH} characters.`);
  if (CONTROL.test(name)) throw invalid(code, `${what} can't contain line breaks or control characters.`);
  return name;
}

/** Lower-cased form used for sorting and prefix search. */
export const searchKey = (text: string) => text.normalize('NFKC').toLocaleLowerCase('en');

// Deliberately simple: one @, no spaces, a dotted domain. The IdP is the authority on addresses.
const EMAIL = /^[^\s@]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export function validateEmail(raw: unknown): string {
  if (typeof raw !== 'string') throw invalid('email.invalid', 'Enter an email address.');
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email) || CONTROL.test(email)) {
    throw invalid('email.invalid', `"${raw.trim().slice(0, 80)}" is not a valid email address.`);
  }
  return email;
}

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1);

// The prefix a person types to search or filter lists. Server-only.
import { invalid } from '../errors';
import { searchKey } from '../validation';

const CONTROL = /\p{Cc}/u;
export const PREFIX_MAX_LENGTH = 100;

/** Trimmed, 1–100 characters, no control characters; returns the lower-cased search key. */
export function validateSearchPrefix(raw: unknown, code = 'search.badPrefix'): string {
  const text = typeof raw === 'string' ? raw.normalize('NFC').trim() : '';
  if (text.length === 0) throw invalid(code, 'Type at least one character to search for.');
  if ([...text].length > PREFIX_MAX_LENGTH || CONTROL.test(text)) {
    throw invalid(code, `Search for at most ${PREFIX_MAX_LENGTH} characters, without line breaks.`);
  }
  return searchKey(text);
}

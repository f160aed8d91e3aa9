// Free text people write for each other (a change set's description, a reviewer's comment): line
// breaks allowed, no control characters or text-direction overrides, bounded; blank reads as
// none, and text of invisible characters only is refused, as in names. Each area answers with its
// own error.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const INVISIBLE = /[\s\p{Cf}]/gu;

export function validateNote(raw: unknown, max: number, refuse: () => Error): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string' || raw.length > max * 4) throw refuse();
  const text = raw.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  if (text === '') return '';
  if (text.replace(INVISIBLE, '') === '') throw refuse();
  if ([...text].length > max || CONTROL.test(text) || BIDI_CONTROL.test(text)) throw refuse();
  return text;
}

// Initials drawn in place of a picture. Browser-safe: the console and the exports share them.

/**
 * One or two letters from a name: the first letters of the first and last words ("Ada Lovelace"
 * → "AL"), whole grapheme clusters so an emoji or an accented letter stays one unit; an email's
 * local part when the name is empty; "?" when there is nothing to draw from.
 */
export function initialsOf(name: string, email = ''): string {
  const source = name.trim() || email.split('@')[0] || '';
  const words = source.split(/[\s._-]+/u).filter(Boolean);
  if (words.length === 0) return '?';
  const first = firstGrapheme(words[0]);
  const last = words.length > 1 ? firstGrapheme(words[words.length - 1]) : '';
  return (first + last).toLocaleUpperCase();
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

function firstGrapheme(word: string): string {
  if (segmenter) for (const { segment } of segmenter.segment(word)) return segment;
  return Array.from(word)[0] ?? '';
}

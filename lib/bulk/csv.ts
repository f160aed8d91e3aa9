// CSV as Arbor reads and writes it: cells quoted when they hold a delimiter, quote, line break
// or edge spaces; cells a spreadsheet would run as a formula (= + - @ tab CR first) written
// with a leading apostrophe and read back without it; unit paths written as names joined by
// "/", a "/" or "\" inside a name escaped with "\". Pure, shared by import and export.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell: neutralized against formula injection, quoted when needed. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated as RFC 4180 says. */
export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Undoes the export's formula guard: "'=x" reads back as "=x". */
export const readCell = (raw: string | undefined) => {
  const text = (raw ?? '').trim();
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1).trim() : text;
};

/** Names from the top unit's children down, as one path: Engineering/Platform/R\/D. */
export const formatUnitPath = (names: string[]) => names.map((n) => n.replace(/\\/g, '\\\\').replace(/\//g, '\\/')).join('/');

export type PathParse = { ok: true; names: string[] } | { ok: false; message: string };

/**
 * A path as people write it: names separated by "/", optional slashes at either end, "\/" for a
 * slash inside a name. "" and "/" mean the top unit (no names).
 */
export function parseUnitPath(raw: string): PathParse {
  const text = raw.trim();
  const names: string[] = [];
  let current = '';
  let escaped = false;
  for (const ch of text) {
    if (escaped) {
      current += ch;
      escaped = false;
    } else if (ch === '\\') escaped = true;
    else if (ch === '/') {
      names.push(current);
      current = '';
    } else current += ch;
  }
  if (escaped) current += '\\';
  names.push(current);
  // Leading and trailing slashes are tolerated: "/Engineering/" is "Engineering".
  if (names.length > 1 && names[0].trim() === '') names.shift();
  if (names.length > 1 && names.at(-1)!.trim() === '') names.pop();
  if (names.length === 1 && names[0].trim() === '') return { ok: true, names: [] };
  const trimmed = names.map((n) => n.trim());
  if (trimmed.some((n) => n === '')) return { ok: false, message: `The path "${text}" has an empty name between two slashes.` };
  return { ok: true, names: trimmed };
}

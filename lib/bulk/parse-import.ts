// Reads an import file (CSV text) into rows with their line numbers, checking the header
// against the format of each import kind. Parsing only: validation against the organization is
// the planners' job. Server-only (also fine in the browser: papaparse, no I/O).
import Papa from 'papaparse';
import { badCsv, badHeader, importEmpty, importTooLarge, tooManyRows } from './errors';
import { readCell } from './csv';

export type ImportKind = 'units' | 'memberships';

/** The columns each kind reads; other columns (an export's ids and counts) are ignored. */
export const IMPORT_FORMATS = {
  units: {
    required: [['path'], ['parent_path', 'name']],
    example: 'path\nEngineering\nEngineering/Platform\nEngineering/Platform/Cloud',
  },
  memberships: {
    required: [['unit_path', 'email', 'role']],
    example:
      'unit_path,email,name,role,custom_roles,manager\n,ada@example.com,Ada Lovelace,admin,,\n' +
      'Engineering/Platform,grace@example.com,Grace Hopper,manager,budget-approver;wiki-editor,ada@example.com',
  },
} as const;

export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export interface ImportRow {
  /** Line in the file (the header is line 1), for messages people can find in their editor. */
  line: number;
  cells: Record<string, string>;
}

export interface ParsedImport {
  kind: ImportKind;
  columns: string[];
  rows: ImportRow[];
}

const header = (h: string) => h.trim().toLowerCase().replace(/[\s-]+/g, '_');

interface RawRow {
  cells: string[];
  line: number;
}

/** Rows with the line each starts on (quoted line breaks inside a cell counted), blank lines skipped. */
function readRows(text: string): { rows: RawRow[]; error?: { line: number; message: string } } {
  const rows: RawRow[] = [];
  let error: { line: number; message: string } | undefined;
  let offset = 0;
  let line = 1;
  const advance = (to: number) => {
    for (let i = offset; i < to; i++) if (text.charCodeAt(i) === 10) line++;
    offset = to;
  };
  Papa.parse<string[]>(text, {
    header: false,
    delimiter: ',',
    newline: '\n',
    skipEmptyLines: false,
    step: (result) => {
      const startLine = line;
      advance(result.meta.cursor);
      // The cursor stops before the row's line break; count it with the row.
      if (text.charCodeAt(offset) === 10) {
        offset++;
        line++;
      }
      const broken = result.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter');
      if (broken && !error) error = { line: startLine, message: broken.message };
      if (result.data.some((c) => c.trim() !== '')) rows.push({ cells: result.data, line: startLine });
    },
  });
  return { rows, error };
}

export function parseImport(kind: ImportKind, raw: string): ParsedImport {
  return { kind, ...parseCsvFile(raw, IMPORT_FORMATS[kind].required) };
}

/**
 * A CSV file of any of Arbor's imports: its header must hold one of the `required` column sets
 * (names lower-cased, spaces and dashes as underscores), then 1 to MAX_IMPORT_ROWS rows.
 */
export function parseCsvFile(raw: string, required: readonly (readonly string[])[]): Omit<ParsedImport, 'kind'> {
  if (typeof raw !== 'string' || raw.trim() === '') throw importEmpty();
  if (Buffer.byteLength(raw, 'utf8') > MAX_IMPORT_BYTES) {
    throw importTooLarge(MAX_IMPORT_BYTES);
  }
  // One kind of line break (pasted text mixes them), no byte-order mark.
  const text = (raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw).replace(/\r\n?/g, '\n');
  const { rows: raws, error } = readRows(text);
  if (error) throw badCsv(error.line, error.message);
  const [head, ...data] = raws;
  const columns = (head?.cells ?? []).map(header);
  if (!required.some((set) => set.every((c) => columns.includes(c)))) {
    const expected = required.map((set) => set.join(', ')).join('" or "');
    throw badHeader(expected, columns);
  }
  if (data.length === 0) throw importEmpty();
  if (data.length > MAX_IMPORT_ROWS) {
    throw tooManyRows(data.length, MAX_IMPORT_ROWS);
  }
  const rows = data.map((r) => ({
    line: r.line,
    cells: Object.fromEntries(columns.map((c, i) => [c, readCell(r.cells[i])])),
  }));
  return { columns, rows };
}

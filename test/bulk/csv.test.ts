// CSV cells, lines and unit paths (no network): quoting, formula guard, path escaping, and the
// import parser's header checks and line numbers.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Papa from 'papaparse';
import { csvCell, csvLine, formatUnitPath, parseImport, parseUnitPath, readCell } from '../../lib/bulk';

const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};

describe('CSV cells', () => {
  test('quotes what needs quoting and nothing else', () => {
    assert.equal(csvCell('Cloud'), 'Cloud');
    assert.equal(csvCell('R&D, Europe'), '"R&D, Europe"');
    assert.equal(csvCell('The "A" team'), '"The ""A"" team"');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell(' padded'), '" padded"');
    assert.equal(csvCell('🚀 Rockets'), '🚀 Rockets');
    assert.equal(csvCell(12), '12');
    assert.equal(csvCell(null), '');
  });

  test('formula-looking text is written inert and read back as it was', () => {
    for (const text of ['=SUM(A1)', '+1', '-Ops', '@team', '\tx']) {
      const cell = csvCell(text);
      assert.ok(cell.replace(/^"/, '').startsWith("'"), cell);
      const [[parsed]] = Papa.parse<string[]>(cell, { delimiter: ',' }).data;
      assert.equal(readCell(parsed), text.trim());
    }
  });

  test('a line of awkward cells parses back to the same values', () => {
    const values = ['Eng, "Core"', '=x', 'Zoë 🌱', 'a\nb', ''];
    const [parsed] = Papa.parse<string[]>(csvLine(values).trimEnd(), { delimiter: ',' }).data;
    assert.deepEqual(parsed.map(readCell), values.map((v) => v.trim()));
  });
});

describe('unit paths', () => {
  test('names joined by "/", with "/" and "\\" in names escaped, round trip', () => {
    const names = ['Engineering', 'R/D', 'Back\\slash', 'Cloud 🚀'];
    const text = formatUnitPath(names);
    assert.equal(text, 'Engineering/R\\/D/Back\\\\slash/Cloud 🚀');
    assert.deepEqual(parseUnitPath(text), { ok: true, names });
  });

  test('edge slashes and spaces are forgiven; empty means the top unit; an empty middle name is refused', () => {
    assert.deepEqual(parseUnitPath(' /Engineering / Cloud/ '), { ok: true, names: ['Engineering', 'Cloud'] });
    assert.deepEqual(parseUnitPath(''), { ok: true, names: [] });
    assert.deepEqual(parseUnitPath('/'), { ok: true, names: [] });
    assert.equal(parseUnitPath('Engineering//Cloud').ok, false);
  });
});

describe('parseImport', () => {
  test('rows carry their line in the file: blank lines and quoted line breaks counted, BOM and CRLF handled', () => {
    const parsed = parseImport('units', '\uFEFFPath,Note\r\nEng,"two\nlines"\r\n\r\n  \nOps,x\n');
    assert.deepEqual(parsed.columns, ['path', 'note']);
    assert.deepEqual(parsed.rows, [
      { line: 2, cells: { path: 'Eng', note: 'two\nlines' } },
      { line: 6, cells: { path: 'Ops', note: 'x' } },
    ]);
  });

  test('parent_path + name is the other units format; headers are forgiving about case and spaces', () => {
    const parsed = parseImport('units', 'Parent Path,Name\nEngineering,Cloud');
    assert.deepEqual(parsed.rows[0].cells, { parent_path: 'Engineering', name: 'Cloud' });
  });

  test('a wrong header, an empty file, broken quotes and too many rows are refused before anything else', () => {
    assert.throws(() => parseImport('memberships', 'unit,email\nx,y'), code('import.badHeader'));
    assert.throws(() => parseImport('units', '  '), code('import.empty'));
    assert.throws(() => parseImport('units', 'path\n'), code('import.empty'));
    assert.throws(() => parseImport('units', 'path\nok\n"broken\n'), code('import.badCsv'));
    assert.throws(() => parseImport('units', `path\n${'x\n'.repeat(5001)}`), code('import.tooManyRows'));
  });
});

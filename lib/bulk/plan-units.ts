// Plans a units import: each row names a unit by its path ("Engineering/Platform/Cloud") or by
// parent path and name. A row is created under an existing unit or under a unit an earlier row
// creates; a unit that already exists is skipped (re-importing an export changes nothing);
// names are validated as the domain does, duplicates and too-deep paths refused, and the
// organization's unit limit respected. Pure: the tree comes in as a TreeIndex.
import { isArborError } from '../errors';
import { MAX_DEPTH, validateUnitName } from '../org';
import { formatUnitPath, parseUnitPath } from './csv';
import type { ImportRow } from './parse-import';
import type { ImportPlan, PreviewRow, UnitOp } from './plan-types';
import { pathKey, type TreeIndex } from '../org';

export interface UnitLimits {
  unitCount: number;
  unitLimit: number;
}

function rowNames(row: ImportRow): { ok: true; names: string[] } | { ok: false; message: string } {
  const { path, parent_path: parentPath, name } = row.cells;
  if (path !== undefined && path !== '') return parseUnitPath(path);
  if (name === undefined || name === '') return { ok: false, message: 'Give the unit’s path (or its parent_path and name).' };
  const parent = parseUnitPath(parentPath ?? '');
  // The name column is one name, taken as written: a "/" in it is part of the name.
  return parent.ok ? { ok: true, names: [...parent.names, name] } : parent;
}

export function planUnitImport(rows: ImportRow[], index: TreeIndex, limits: UnitLimits): ImportPlan<UnitOp> {
  const out: PreviewRow[] = [];
  const ops: UnitOp[] = [];
  /** Units this file creates (or fails to), by path key: the line that does it and whether it is valid. */
  const planned = new Map<string, { line: number; ok: boolean }>();
  /** Every line that names each path, to tell "created later in the file" from "missing". */
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const parsed = rowNames(row);
    if (parsed.ok && parsed.names.length > 0) {
      const key = pathKey(parsed.names);
      if (!firstLine.has(key)) firstLine.set(key, row.line);
    }
  }
  let creates = 0;

  for (const row of rows) {
    const parsed = rowNames(row);
    const label = parsed.ok ? formatUnitPath(parsed.names) : row.cells.path || row.cells.name || '';
    const fail = (message: string, key?: string) => {
      out.push({ line: row.line, label, status: 'error', message });
      if (key && !planned.has(key)) planned.set(key, { line: row.line, ok: false });
    };
    if (!parsed.ok) {
      fail(parsed.message);
      continue;
    }
    const names = parsed.names;
    if (names.length === 0) {
      fail('The top unit is the organization itself and already exists; give the path of a unit below it.');
      continue;
    }
    const key = pathKey(names);
    const badName = names.map((n) => {
      try {
        validateUnitName(n);
        return undefined;
      } catch (e) {
        if (isArborError(e)) return `"${n}": ${e.message}`;
        throw e;
      }
    }).find(Boolean);
    if (badName) {
      fail(badName, key);
      continue;
    }
    if (names.length > MAX_DEPTH) {
      fail(`The tree can be at most ${MAX_DEPTH} levels deep below the top unit; this path has ${names.length}.`, key);
      continue;
    }
    if (index.byPath.has(key)) {
      out.push({ line: row.line, label, status: 'skip', message: 'Already exists; nothing to do.' });
      continue;
    }
    const earlier = planned.get(key);
    if (earlier) {
      fail(`The same unit as line ${earlier.line} (names are compared ignoring case).`);
      continue;
    }
    const parentKey = pathKey(names.slice(0, -1));
    const parentUnit = index.byPath.get(parentKey);
    const parentPlan = parentUnit ? undefined : planned.get(parentKey);
    const parentLabel = names.length === 1 ? 'the top unit' : `"${formatUnitPath(names.slice(0, -1))}"`;
    if (!parentUnit && !parentPlan) {
      const later = firstLine.get(parentKey);
      fail(
        later && later > row.line
          ? `Its parent ${parentLabel} is created later in the file (line ${later}); put parents before their children.`
          : `Its parent ${parentLabel} doesn't exist and isn't created earlier in this file.`,
        key,
      );
      continue;
    }
    if (parentPlan && !parentPlan.ok) {
      fail(`Its parent ${parentLabel} (line ${parentPlan.line}) has an error, so this unit can't be created.`, key);
      continue;
    }
    if (limits.unitCount + creates >= limits.unitLimit) {
      fail(`The organization’s limit of ${limits.unitLimit.toLocaleString('en')} units would be exceeded.`, key);
      continue;
    }
    creates++;
    planned.set(key, { line: row.line, ok: true });
    ops.push({ line: row.line, name: names.at(-1)!, ...(parentUnit ? { parentId: parentUnit.unit.id } : { parentLine: parentPlan!.line }) });
    out.push({
      line: row.line, label, status: 'create',
      message: parentUnit ? `Under ${names.length === 1 ? 'the top unit' : parentLabel}.` : `Under ${parentLabel}, created on line ${parentPlan!.line}.`,
    });
  }
  return { rows: out, ops };
}

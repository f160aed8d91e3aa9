// A reorganization drafted in a spreadsheet: one CSV row per operation, units named by their
// path of names below the top unit ("Engineering/Platform", as the units export writes them),
// people by email. Paths name the tree as it is today, or a unit an earlier `create` row makes.
// Every row is checked before anything is added; a file with any bad row adds nothing and says
// which rows and why.
import 'server-only';
import { ulid } from 'ulid';
import type { TenantDb } from '../db';
import { isArborError } from '../errors';
import { lookupPeople, parseUnitPath } from '../bulk';
import { loadTreeIndex, pathKey } from '../org';
import { parseCsvFile } from '../bulk/parse-import';
import { getUnitOrThrow } from '../org';
import { getTenantSettings } from '../tenants';
import { ROLES, type Role } from '../authz/roles';
import { toOperation, type OperationInput } from './operations';

export const CHANGE_SET_CSV = {
  required: [['action', 'unit']],
  example: [
    'action,unit,to,name,email,role',
    'create,Engineering/Research,,,,',
    'rename,Engineering/Infra,,Infrastructure,,',
    'move,Engineering/Platform,Sales,,,',
    'delete,Sales/Field,,,,',
    'add,Engineering/Research,,,ada@example.com,manager',
    'move-person,Engineering/Platform,Engineering/Research,,grace@example.com,',
    'role,Sales,,,linus@example.com,manager',
    'remove,Sales,,,alan@example.com,',
  ].join('\n'),
} as const;

const ACTIONS = ['create', 'rename', 'move', 'delete', 'add', 'remove', 'move-person', 'role'] as const;

export interface CsvRowError {
  line: number;
  message: string;
}

export async function operationsFromCsv(db: TenantDb, csv: string): Promise<{ operations: OperationInput[]; errors: CsvRowError[] }> {
  const { rows } = parseCsvFile(csv, CHANGE_SET_CSV.required);
  const settings = await getTenantSettings(db);
  const [index, people] = await Promise.all([
    getUnitOrThrow(db, settings.rootUnitId).then((root) => loadTreeIndex(db, root)),
    lookupPeople(db, [...new Set(rows.map((r) => (r.cells.email ?? '').trim().toLowerCase()).filter(Boolean))]),
  ]);
  const created = new Map<string, string>();
  const operations: OperationInput[] = [];
  const errors: CsvRowError[] = [];
  for (const { line, cells } of rows) {
    const refuse = (message: string) => errors.push({ line, message });
    const names = (text: string | undefined, what: string) => {
      const parsed = parseUnitPath(text ?? '');
      if (!parsed.ok) throw new RowError(parsed.message);
      if (what !== 'parent' && parsed.names.length === 0) throw new RowError(`Name the ${what} by its path, such as Engineering/Platform.`);
      return parsed.names;
    };
    const unitAt = (path: string[]) => {
      const id = path.length === 0 ? index.root.id : (index.byPath.get(pathKey(path))?.unit.id ?? created.get(pathKey(path)));
      if (!id) throw new RowError(`There is no unit ${path.join('/') || '(top)'} (nor does an earlier row create one).`);
      return id;
    };
    const person = () => {
      const email = (cells.email ?? '').trim().toLowerCase();
      const found = email ? people.get(email) : undefined;
      if (!found) throw new RowError(email ? `${email} is not in the organization: invite them first.` : 'This action needs an email.');
      return found.userId;
    };
    const role = (): Role => {
      const r = (cells.role ?? '').trim().toLowerCase();
      if (!(ROLES as readonly string[]).includes(r)) throw new RowError(`The role must be one of ${ROLES.join(', ')}.`);
      return r as Role;
    };
    try {
      const action = (cells.action ?? '').trim().toLowerCase().replace('_', '-');
      if (!(ACTIONS as readonly string[]).includes(action)) throw new RowError(`The action must be one of ${ACTIONS.join(', ')}.`);
      const unit = names(cells.unit, 'unit');
      let op: OperationInput;
      if (action === 'create') {
        const unitId = ulid();
        op = { kind: 'createUnit', parentId: unitAt(unit.slice(0, -1)), name: unit.at(-1)!, unitId };
        created.set(pathKey(unit), unitId);
      } else if (action === 'rename') op = { kind: 'renameUnit', unitId: unitAt(unit), name: cells.name ?? '' };
      else if (action === 'move') op = { kind: 'moveUnit', unitId: unitAt(unit), parentId: unitAt(names(cells.to, 'parent')) };
      else if (action === 'delete') op = { kind: 'deleteUnit', unitId: unitAt(unit) };
      else if (action === 'add') op = { kind: 'addMember', unitId: unitAt(unit), userId: person(), role: role() };
      else if (action === 'remove') op = { kind: 'removeMember', unitId: unitAt(unit), userId: person() };
      else if (action === 'role') op = { kind: 'changeRole', unitId: unitAt(unit), userId: person(), role: role() };
      else op = { kind: 'moveMember', fromUnitId: unitAt(unit), unitId: unitAt(names(cells.to, 'unit they join')), userId: person() };
      toOperation(op);
      operations.push(op);
    } catch (e) {
      if (e instanceof RowError || isArborError(e)) refuse(e.message);
      else throw e;
    }
  }
  return { operations, errors };
}

class RowError extends Error {}

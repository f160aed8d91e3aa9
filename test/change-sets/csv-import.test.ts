// A reorganization drafted in a spreadsheet: every action of the CSV format becomes its operation
// (paths of today's tree, or of a unit an earlier row creates; people by email), and a file with
// a bad row adds nothing and names the row.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addOperations, createChangeSet, operationsFromCsv, previewChangeSet, readChangeSet } from '../../lib/change-sets';
import { reorgTenant } from './fixtures';

describe('operationsFromCsv', () => {
  test('each action becomes its operation, and the draft previews clean', async () => {
    const t = await reorgTenant('CsvImport');
    const p = t.people;
    const csv = [
      'Action,Unit,To,Name,Email,Role',
      'create,Engineering/Research,,,,',
      'rename,Engineering/Infra,,Infrastructure,,',
      'move,Engineering/Platform,Sales,,,',
      'delete,Sales/Field,,,,',
      `add,Engineering/Research,,,${p.t1.email.toUpperCase()},manager`,
      `move-person,Engineering/Tools,Engineering/Research,,${p.t2.email},`,
      `role,Sales/Platform\\/x,,,${p.sm.email},member`,
    ].join('\n');
    const bad = await operationsFromCsv(t.db, csv);
    assert.deepEqual(bad.errors.map((e) => e.line), [8], JSON.stringify(bad.errors));
    assert.match(bad.errors[0]!.message, /no unit Sales\/Platform\/x/);

    const good = await operationsFromCsv(t.db, csv.split('\n').slice(0, -1).concat(`role,Sales,,,${p.sm.email},member`, `remove,Engineering/Platform,,,${p.p1.email},`).join('\n'));
    assert.deepEqual(good.errors, []);
    assert.deepEqual(good.operations.map((o) => o.kind), ['createUnit', 'renameUnit', 'moveUnit', 'deleteUnit', 'addMember', 'moveMember', 'changeRole', 'removeMember']);
    const research = good.operations[0] as { unitId: string };
    assert.equal((good.operations[4] as { unitId: string }).unitId, research.unitId, 'a later row names the unit an earlier one creates');

    const actor = await t.actor(t.owner);
    const header = await createChangeSet(t.db, actor, { name: 'From a spreadsheet' });
    const set = await addOperations(t.db, actor, header.setId, header.version, good.operations);
    const preview = await previewChangeSet(t.db, await readChangeSet(t.db, set.header.setId));
    assert.deepEqual(preview.problems, []);
    assert.deepEqual(preview.tree.counts, { created: 1, renamed: 1, moved: 1, deleted: 1 });
  });

  test('unknown actions, people outside the organization and bad roles are row errors', async () => {
    const t = await reorgTenant('CsvErrors');
    const { errors, operations } = await operationsFromCsv(t.db, [
      'action,unit,email,role',
      'promote,Sales,,',
      'add,Sales,nobody@elsewhere.example,member',
      `add,Sales,${t.people.p1.email},emperor`,
      'delete,,,',
    ].join('\n'));
    assert.equal(operations.length, 0);
    assert.deepEqual(errors.map((e) => e.line), [2, 3, 4, 5]);
    assert.match(errors[1]!.message, /invite them first/);
  });
});

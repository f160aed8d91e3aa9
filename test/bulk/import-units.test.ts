// Units import against DynamoDB Local: the preview checks every row and writes nothing; applying
// in chunks creates units through createUnit (audit, counters, name claims); re-importing skips.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { listTenantAudit } from '../../lib/audit';
import { applyUnitOps, previewImport, type UnitOp } from '../../lib/bulk';
import { getTenantSettings } from '../../lib/tenants';
import { listChildren } from '../../lib/org';
import { snapshotTenant } from '../members/membership-invariants';
import { bulkTenant, linesToIds } from './support';

describe('units import', () => {
  test('preview: per-row results for good and bad rows, and nothing is written', async () => {
    const t = await bulkTenant();
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    const csv = [
      'path',
      'Engineering/Platform', // 2 create under existing Engineering
      'Engineering/Platform/Cloud 🚀', // 3 create under line 2
      'engineering/cloud', // 4 exists (case-insensitive)
      'Engineering/Platform', // 5 duplicate of 2
      'Marketing/Brand', // 6 parent created later
      'Marketing', // 7 create
      'Sales/' + 'x'.repeat(101), // 8 bad name
      'Nowhere/Thing', // 9 missing parent
      'R\\/D', // 10 create "R/D" at the top
      'Engineering//Cloud', // 11 empty name
    ].join('\n');
    const preview = await previewImport(t.db, t.access, 'units', csv);
    assert.equal(preview.kind, 'units');
    const status = Object.fromEntries(preview.rows.map((r) => [r.line, r.status]));
    assert.deepEqual(status, { 2: 'create', 3: 'create', 4: 'skip', 5: 'error', 6: 'error', 7: 'create', 8: 'error', 9: 'error', 10: 'create', 11: 'error' });
    const message = (line: number) => preview.rows.find((r) => r.line === line)!.message;
    assert.match(message(5), /same unit as line 2/);
    assert.match(message(6), /created later in the file \(line 7\)/);
    assert.match(message(8), /at most 100 characters/);
    assert.match(message(9), /doesn't exist and isn't created earlier/);
    assert.deepEqual(preview.counts, { write: 4, skip: 1, error: 5 });
    assert.deepEqual(preview.ops.map((o) => o.line), [2, 3, 7, 10]);
    assert.deepEqual(preview.ops[1], { line: 3, name: 'Cloud 🚀', parentLine: 2 });
    assert.deepEqual(preview.ops[3], { line: 10, name: 'R/D', parentId: t.rootUnitId });
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before, 'a preview writes nothing');
  });

  test('apply in chunks: parents created by earlier chunks resolve; audit and counters follow; a re-import skips everything', async () => {
    const t = await bulkTenant();
    const csv = 'parent_path,name\n,Ops\nOps,"Ops, Europe"\n"Ops/Ops, Europe","Ops ""North"""\nEngineering,Cloud\n';
    const preview = await previewImport(t.db, t.access, 'units', csv);
    assert.deepEqual(preview.rows.map((r) => r.status), ['create', 'create', 'create', 'skip']);
    const ops = preview.ops as UnitOp[];
    const first = await applyUnitOps(t.db, t.owner, ops.slice(0, 1));
    const second = await applyUnitOps(t.db, t.owner, ops.slice(1, 2), linesToIds(first));
    const third = await applyUnitOps(t.db, t.owner, ops.slice(2), linesToIds([...first, ...second]));
    assert.ok([...first, ...second, ...third].every((r) => r.ok), JSON.stringify([first, second, third]));

    const ops1 = (await listChildren(t.db, t.rootUnitId)).items.find((u) => u.name === 'Ops')!;
    const europe = (await listChildren(t.db, ops1.id)).items[0];
    assert.equal(europe.name, 'Ops, Europe');
    assert.equal((await listChildren(t.db, europe.id)).items[0].name, 'Ops "North"');
    assert.equal((await getTenantSettings(t.db)).unitCount, 4 + 3, 'root, Engineering, Cloud, Sales + 3');
    const audit = (await listTenantAudit(t.db)).items.filter((e) => e.action === 'unit.create');
    assert.ok(audit.some((e) => e.target.label === 'Ops "North"'));

    const again = await previewImport(t.db, t.access, 'units', csv);
    assert.deepEqual(again.rows.map((r) => r.status), ['skip', 'skip', 'skip', 'skip']);
    assert.equal(again.ops.length, 0);
  });

  test('a row failing at apply time (a sibling created meanwhile) is reported, its children too, the rest applies', async () => {
    const t = await bulkTenant();
    const preview = await previewImport(t.db, t.access, 'units', 'path\nLabs\nLabs/Robots\nDesign\n');
    // Someone creates "labs" in the console between preview and apply.
    await applyUnitOps(t.db, t.owner, [{ line: 99, name: 'labs', parentId: t.rootUnitId }]);
    const results = await applyUnitOps(t.db, t.owner, preview.ops as UnitOp[]);
    assert.deepEqual(results.map((r) => r.ok), [false, false, true]);
    assert.match(results[0].message, /already/i);
    assert.match(results[1].message, /line 2\) was not created/);
  });

  test('the unit limit is respected in the preview', async () => {
    const t = await bulkTenant();
    const settings = await getTenantSettings(t.db);
    const { planUnitImport, parseImport } = await import('../../lib/bulk');
    const { loadTreeIndex } = await import('../../lib/org');
    const { getUnitOrThrow } = await import('../../lib/org');
    const index = await loadTreeIndex(t.db, await getUnitOrThrow(t.db, t.rootUnitId));
    const plan = planUnitImport(parseImport('units', 'path\nA\nB\nC').rows, index, { unitCount: settings.unitCount, unitLimit: settings.unitCount + 2 });
    assert.deepEqual(plan.rows.map((r) => r.status), ['create', 'create', 'error']);
    assert.match(plan.rows[2].message, /limit/);
  });
});

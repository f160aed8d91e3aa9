// Export against DynamoDB Local: units.csv and memberships.csv list everything, quote names with
// commas, quotes and emoji correctly, span several T4/T7 pages, and import back as "nothing to do".
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Papa from 'papaparse';
import { membershipsCsv, previewImport, readCell, unitsCsv } from '../../lib/bulk';
import { addMembership } from '../../lib/members';
import { createUnit, getUnitOrThrow } from '../../lib/org';
import { person } from '../members/fixtures';
import { bulkTenant } from './support';

async function text(lines: AsyncGenerator<string>) {
  let out = '';
  for await (const chunk of lines) out += chunk;
  return out;
}

const rows = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;

describe('export', () => {
  test('units and memberships round-trip through CSV, awkward names intact', async () => {
    const t = await bulkTenant();
    const awkward = await createUnit(t.db, t.owner, { parentId: t.engineering.id, name: 'R/D, "Core" 🚀' });
    const formula = await createUnit(t.db, t.owner, { parentId: awkward.id, name: '=Ops' });
    const grace = person('Grace "Amazing" Hopper, Jr.');
    await addMembership(t.db, t.owner, { unitId: formula.id, role: 'manager', ...grace });
    const root = await getUnitOrThrow(t.db, t.rootUnitId);

    const units = await text(unitsCsv(t.db, root));
    assert.ok(units.startsWith('\uFEFFpath,name,id,'), 'BOM and header');
    const byName = new Map(rows(units).map((r) => [readCell(r.name), r]));
    assert.equal(byName.get('R/D, "Core" 🚀')?.path, 'Engineering/R\\/D, "Core" 🚀');
    assert.equal(byName.get('=Ops')?.name, "'=Ops", 'a formula is written inert');
    assert.equal(byName.get('=Ops')?.path, 'Engineering/R\\/D, "Core" 🚀/=Ops', 'only a cell starting with = is guarded');
    assert.equal(byName.size, 5, 'every unit but the top one');

    const memberships = await text(membershipsCsv(t.db, root));
    const mine = rows(memberships).find((r) => r.email === grace.email)!;
    assert.equal(mine.name, grace.name);
    assert.equal(mine.role, 'manager');
    assert.equal(mine.unit_path, 'Engineering/R\\/D, "Core" 🚀/=Ops');
    assert.ok(rows(memberships).some((r) => r.role === 'owner' && r.unit_path === ''), 'the owner, on the top unit');

    // Importing the export again changes nothing.
    const again = await previewImport(t.db, t.access, 'units', units);
    assert.deepEqual(again.counts, { write: 0, skip: 5, error: 0 });
    const againMembers = await previewImport(t.db, t.access, 'memberships', memberships);
    assert.deepEqual(againMembers.counts, { write: 0, skip: 2, error: 0 });
  });

  test('more units than one page: all exported, parents before children', async () => {
    const t = await bulkTenant();
    // Pages hold up to 1,000 units: 1,023 in total here.
    // Eleven groups under Engineering, filled in parallel (each group's creates touch one parent).
    const groups = await Promise.all(
      Array.from({ length: 11 }, (_, g) => createUnit(t.db, t.owner, { parentId: t.engineering.id, name: `Group ${g}` })),
    );
    await Promise.all(
      groups.map(async (group, g) => {
        for (let i = 0; i < (g === 10 ? 5 : 90); i++) await createUnit(t.db, t.owner, { parentId: group.id, name: `Team ${g}-${i}` });
      }),
    );
    const root = await getUnitOrThrow(t.db, t.rootUnitId);
    const exported = rows(await text(unitsCsv(t.db, root)));
    assert.equal(exported.length, 3 + 11 + 10 * 90 + 5);
    const seen = new Set<string>();
    for (const r of exported) {
      assert.ok(r.parent_id === t.rootUnitId || seen.has(r.parent_id), `parent of ${r.name} listed first`);
      seen.add(r.id);
    }
  });
});

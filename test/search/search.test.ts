import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createInvitation } from '../../lib/invitations';
import { addMembership } from '../../lib/members';
import { search, type SearchResult } from '../../lib/search';
import { createUnit } from '../../lib/org';
import { person, tenantWithTree } from '../members/fixtures';

const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};
const label = (r: SearchResult) => (r.kind === 'unit' ? `unit:${r.unit.name}` : `member:${r.user.name}`);

describe('search (T10)', () => {
  test('merges units and members by name with members by email, each once', async () => {
    const t = await tenantWithTree();
    await createUnit(t.db, t.owner, { parentId: t.engineering.id, name: 'Engines #2 / 🚀' });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...person('Engelbart') }); // engelbart@… matches by name and email
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', userId: person('x').userId, email: 'eng.lead@example.test', name: 'Zoe Lead' });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...person('Grace') });
    await createInvitation(t.db, t.owner, { email: 'engineer.invited@example.test', unitId: t.cloud.id, role: 'member' });

    const results = await search(t.db, 'ENG');
    assert.deepEqual(results.map(label), ['member:Engelbart', 'unit:Engineering', 'unit:Engines #2 / 🚀', 'member:Zoe Lead']);
    const unit = results.find((r) => r.kind === 'unit');
    assert.ok(unit?.kind === 'unit' && unit.unit.path.startsWith(t.root.path), 'units come back as domain objects');

    assert.deepEqual((await search(t.db, 'eng', { limit: 2 })).map(label), ['member:Engelbart', 'unit:Engineering']);
    assert.deepEqual((await search(t.db, 'engines #2 /')).map(label), ['unit:Engines #2 / 🚀'], 'a prefix with a space is searched by name only');
    assert.deepEqual((await search(t.db, 'gra')).map(label), ['member:Grace']);
    assert.deepEqual(await search(t.db, 'nothing-like-this'), []);
  });

  test('bad prefixes and page sizes are refused', async () => {
    const t = await tenantWithTree();
    await assert.rejects(search(t.db, '   '), code('search.badPrefix'));
    await assert.rejects(search(t.db, 'a\nb'), code('search.badPrefix'));
    await assert.rejects(search(t.db, 'x'.repeat(101)), code('search.badPrefix'));
    await assert.rejects(search(t.db, 'eng', { limit: 51 }), code('page.badSize'));
  });
});

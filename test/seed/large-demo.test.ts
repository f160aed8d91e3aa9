// `npm run dev -- --demo-units N`: the option, the names of the tree, and the tenant it seeds
// (on its own domain and owner here, so the demo accounts stay as they are).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { getUserMemberships } from '../../lib/members';
import { listSubtree } from '../../lib/org';
import { getConnection } from '../../lib/sso';
import { getTenantSettings } from '../../lib/tenants';
import { describeLargeDemo, parseDemoUnits, seedLargeDemoIfAbsent } from '../../scripts/seed/large-demo';
import { orgNames } from '../../scripts/seed/org-names';
import { PlanBuilder } from '../../scripts/seed/tenant-plan';
import { directClient, stackEnv, tableName } from '../support/stack';

test('--demo-units takes a whole number from 10 to 100,000, and says what is wrong otherwise', () => {
  assert.equal(parseDemoUnits(['--reset']), undefined);
  assert.equal(parseDemoUnits(['--demo-units', '10000']), 10_000);
  assert.equal(parseDemoUnits(['--reset', '--demo-units=10,000']), 10_000);
  assert.equal(parseDemoUnits(['--demo-units', '100_000']), 100_000);
  for (const bad of ['9', '100001', '1e4', '12.5', '-50', 'many']) {
    assert.throws(() => parseDemoUnits(['--demo-units', bad]), new RegExp(`between 10 and 100,000 \\(got "${bad}"\\)`));
  }
  assert.throws(() => parseDemoUnits(['--demo-units']), /needs a number of units/);
  assert.throws(() => parseDemoUnits(['--demo-units', '--reset']), /needs a number of units/);
});

test('the tree reads like an org chart and no two siblings share a name', () => {
  const plan = new PlanBuilder({ id: 'ROOT', name: 'Large Demo' }, 10_000, orgNames());
  plan.grow(plan.rootUnit, 9_999);
  const siblings = new Map<string, Set<string>>();
  for (const u of plan.units.slice(1)) {
    const names = siblings.get(u.parentId!) ?? new Set<string>();
    assert.ok(!names.has(u.name.toLowerCase()), `two "${u.name}" under one parent`);
    siblings.set(u.parentId!, names.add(u.name.toLowerCase()));
    assert.doesNotMatch(u.name, /^(Unit|Division|Department) \d+$/);
  }
  const people = plan.finish({ domain: 'example.test', membershipsPerUnit: 1, peoplePerUnit: 0.5 }).people;
  assert.equal(new Set(people.map((p) => p.email)).size, people.length);
  assert.match(people[0].name, /^[A-Z][a-z]+ [A-Z][a-z]/);
});

test('seeds the large tenant once: its units and counters, its owner, and a connection to the local IdP', async () => {
  const domain = `large-${ulid().toLowerCase()}.test`;
  const owner = { email: `owner@${domain}`, name: 'Large Owner' };
  const env = process.env as Record<string, string>;
  const progress: string[] = [];

  const seeded = await seedLargeDemoIfAbsent(env, 50, { domain, owner, log: (m) => progress.push(m) });
  assert.equal(seeded.status, 'seeded');
  assert.equal(seeded.name, 'Large Demo (50 units)');
  assert.equal(seeded.units, 50);
  assert.ok(progress.some((m) => /\(100 %\)$/.test(m)), progress.join('\n'));
  assert.match(describeLargeDemo(seeded, 50), /^seeded Large Demo \(50 units\): 50 units, .* in \d+\.\d s/);

  const db = { client: directClient(), tableName: tableName(), tenantId: seeded.tenantId };
  const settings = await getTenantSettings(db);
  assert.equal(settings.unitCount, 50);
  const subtree = await listSubtree(db, settings.rootUnitId, { limit: 1000 });
  assert.equal(subtree.items.length, 50);
  const root = subtree.items.find((u) => u.id === settings.rootUnitId)!;
  assert.equal(root.childCount, subtree.items.filter((u) => u.parentId === root.id).length);
  const ownerId = Object.entries(root.administrators ?? {}).find(([, a]) => a.email === owner.email)?.[0];
  assert.ok(ownerId, 'the owner administers the root');
  assert.deepEqual((await getUserMemberships(db, ownerId)).memberships.map((m) => m.role), ['owner']);
  // The same issuer as the other OIDC demo tenants: the owner switches to it without signing in again.
  assert.equal((await getConnection(db, seeded.tenantId))?.issuer, stackEnv('ARBOR_LOCAL_OIDC_ISSUER'));

  const again = await seedLargeDemoIfAbsent(env, 80, { domain, owner });
  assert.deepEqual(again, { status: 'exists', tenantId: seeded.tenantId, name: 'Large Demo (50 units)', units: 50 });
  assert.match(describeLargeDemo(again, 80), /exists already with 50 units, not the 80 asked for.*npm run dev:reset -- --demo-units 80/);
});

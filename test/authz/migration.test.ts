// Existing tenants migrate with nothing to do: with no custom role held anywhere, every decision
// (allowed or not, by which membership, what is missing, what the write is conditioned on) is
// exactly what the engine decided before custom roles existed. The digests below were produced by
// running this file's enumeration on the engine before custom roles (commit 11af284, the issue's
// base) and printing `decisionDigest(...)`; they must never change.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { benchOrganization, demoOrganizations, type OrgUnit } from './support/organizations';
import { decisionDigest } from './support/decision-corpus';

const BASE = {
  demo: { digest: '5d0cc08d3ee31bddc2082f9e189670a2ab5a1bb6c18438f6804cb275043d2f29', decisions: 101_822 },
  bench10k: { digest: '3efd297ce4aef49d4ed9b0d13d472476ebec50d1cc30296ba497791e08422697', decisions: 242_188 },
};

describe('migration: built-in decisions are unchanged', () => {
  test('the demo tenants: every person × action × unit, moves over every pair', () => {
    const got = decisionDigest(demoOrganizations());
    assert.deepEqual(got, BASE.demo);
  });

  test('a 10,000-unit bench tenant: a fixed sample of people, each around their units and across the tree', () => {
    const org = benchOrganization(10_000);
    const byId = new Map(org.units.map((u) => [u.id, u]));
    const children = new Map<string, OrgUnit[]>();
    for (const u of org.units) if (u.parentId) children.set(u.parentId, [...(children.get(u.parentId) ?? []), u]);
    // Every 997th unit of the plan: the same spread of depths on every run.
    const spread = org.units.filter((_, i) => i % 997 === 0);
    const near = (person: (typeof org.people)[number]) => {
      const around = person.memberships.flatMap((m) => {
        const u = byId.get(m.unitId)!;
        return [u, ...(u.parentId ? [byId.get(u.parentId)!] : []), ...(children.get(u.id)?.slice(0, 2) ?? [])];
      });
      return [...new Map([...around, ...spread].map((u) => [u.id, u])).values()];
    };
    // The owner and the two admins, then every 31st person (managers and members).
    const got = decisionDigest([org], { people: (i) => i < 3 || i % 31 === 0, unitsFor: near });
    assert.deepEqual(got, BASE.bench10k);
  });
});

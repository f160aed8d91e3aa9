// In-memory organizations for the decision tests: the demo tenants `npm run dev` seeds
// (scripts/seed/demo-trees.ts and the demo accounts, placed as scripts/seed/demo.ts places them) and
// a 10,000-unit tenant planned as the bench plans its size tenants (bench/seed/seed-all.ts). Ids
// are renumbered in plan order (u0, u1, … and p0, p1, …) so every run decides on identical input.
import type { Grant, UnitRef } from '../../../lib/authz';
import type { Role } from '../../../lib/members/membership-items';
import { DEMO_TENANTS, type TreeSpec } from '../../../scripts/seed/demo-trees';
import { DEMO_USERS } from '../../../scripts/local-stack/oidc/demo-accounts';
import { SAML_DEMO_USERS } from '../../../scripts/local-stack/saml/demo-accounts';
import { PlanBuilder } from '../../../scripts/seed/tenant-plan';

export interface OrgUnit extends UnitRef {
  name: string;
  parentId: string | null;
}

export interface Organization {
  label: string;
  /** Parents before children; the top unit first. */
  units: OrgUnit[];
  /** Each person's memberships, as loadActorAccess hands them to lib/authz. */
  people: { userId: string; memberships: (Grant & { version: number })[] }[];
}

class OrgBuilder {
  readonly units: OrgUnit[] = [];
  private readonly held = new Map<string, (Grant & { version: number })[]>();

  constructor(readonly label: string) {}

  unit(name: string, parent?: OrgUnit): OrgUnit {
    const id = `u${this.units.length}`;
    const u: OrgUnit = { id, name, parentId: parent?.id ?? null, path: `${parent?.path ?? '/'}${id}/` };
    this.units.push(u);
    return u;
  }

  join(personKey: string, unit: OrgUnit, role: Role) {
    const list = this.held.get(personKey) ?? [];
    if (!list.some((g) => g.unitId === unit.id)) list.push({ unitId: unit.id, unitPath: unit.path, role, version: 1 });
    this.held.set(personKey, list);
  }

  build(): Organization {
    const people = [...this.held.values()].map((memberships, i) => ({ userId: `p${i}`, memberships }));
    return { label: this.label, units: this.units, people };
  }
}

/** The demo tenants, with the people the dev seed places in them. */
export function demoOrganizations(): Organization[] {
  return DEMO_TENANTS.map((spec) => {
    const org = new OrgBuilder(spec.name);
    const top = org.unit(spec.name);
    const byName = new Map<string, OrgUnit>([[spec.name, top]]);
    const grow = (parent: OrgUnit, nodes: TreeSpec[]) => {
      for (const [name, children] of nodes) {
        const u = org.unit(name, parent);
        byName.set(name, u);
        if (children) grow(u, children);
      }
    };
    grow(top, spec.tree);
    org.join(spec.owner.email, top, 'owner');
    for (const account of [...DEMO_USERS, ...SAML_DEMO_USERS]) {
      const m = account.tenants.find((t) => t.domain === spec.domain);
      if (!m || account.email === spec.owner.email) continue;
      const at = m.role === 'owner' || m.role === 'admin' ? spec.name : (spec.placements[account.email] ?? spec.name);
      org.join(account.email, byName.get(at)!, m.role);
    }
    for (const [name, at, role] of spec.people) org.join(name, byName.get(at)!, role);
    return org.build();
  });
}

/** A tenant of `size` units planned as the bench plans its size tenants (seed = size). */
export function benchOrganization(size: number): Organization {
  const plan = new PlanBuilder({ id: 'root', name: `Bench ${size}` }, size);
  plan.grow(plan.rootUnit, size - 1);
  const finished = plan.finish({ domain: 'bench.test', membershipsPerUnit: 1, peoplePerUnit: 0.5 });
  const org = new OrgBuilder(`Bench ${size}`);
  const renumbered = new Map<string, OrgUnit>();
  for (const u of finished.units) renumbered.set(u.id, org.unit(u.name, u.parentId ? renumbered.get(u.parentId) : undefined));
  // Tenant creation (P4) gives the owner the top unit; the plan adds everyone else.
  org.join('owner', org.units[0], 'owner');
  for (const m of finished.memberships) org.join(m.userId, renumbered.get(m.unitId)!, m.role);
  return org.build();
}

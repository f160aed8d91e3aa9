// The shape of a bulk-seeded tenant, generated deterministically: units grown breadth first with
// 3–12 children each, people, and memberships spread over the units at random. Pure data;
// bulk-seed-tenant.ts turns it into the app's items. What units and people are called is up to
// the caller (`PlanNames`): numbered by default, as the bench has always seeded.
import { ulid } from 'ulid';
import { childPath, type Unit } from '../../lib/org/unit-item';
import type { Role } from '../../lib/members';
import { seededRandom } from './seeded-random';

/** A unit of the plan: the stored unit's tree fields (lib/org), before versions and timestamps. */
export type PlannedUnit = Pick<Unit, 'id' | 'name' | 'parentId' | 'path' | 'depth' | 'childCount' | 'memberCount'>;

export interface PlannedPerson {
  id: string;
  email: string;
  name: string;
  membershipCount: number;
}

export interface PlannedMembership {
  unitId: string;
  userId: string;
  role: Role;
  /** Custom role keys held beside `role` (docs/roles.md). */
  roles?: string[];
}

/** Custom roles handed out over the memberships: `share` of them hold one of `keys`. */
export interface PlannedCustomRoles {
  keys: readonly string[];
  share: number;
}

export interface TenantPlan {
  /** Parents before children; the root first. */
  units: PlannedUnit[];
  people: PlannedPerson[];
  /** Besides the owner's membership, which tenant creation (P4) writes. */
  memberships: PlannedMembership[];
  /** Subtree roots created with `subtree()`, by label. */
  subtrees: Record<string, PlannedUnit>;
}

export interface PlanNames {
  /**
   * The name of a new child of `parent`, unique among its siblings (sibling names are claimed):
   * `index` is its place among them, `serial` counts every unit the plan has added.
   */
  unit(parent: PlannedUnit, place: { index: number; serial: number; random: () => number }): string;
  /** The i-th person (from 0): a name, and an email local part no other person has. */
  person(i: number): { name: string; emailLocalPart: string };
}

const LEVEL_NAMES = ['Company', 'Division', 'Department', 'Team', 'Squad', 'Crew', 'Cell', 'Pod'];
const FIRST = ['Ada', 'Brook', 'Chen', 'Dara', 'Eli', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jun', 'Kemi', 'Lior', 'Mara', 'Nils', 'Oona', 'Pita'];
const LAST = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Silva', 'Novak', 'Haddad', 'Kowalski', 'Ibarra', 'Fischer', 'Rossi', 'Nguyen'];

/** "Team 17", "person17@…": unique by construction, and what the bench's results were measured on. */
export const NUMBERED_NAMES: PlanNames = {
  unit: (parent, { serial }) => `${LEVEL_NAMES[Math.min(parent.depth + 1, LEVEL_NAMES.length - 1)]} ${serial}`,
  person: (i) => ({ name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`, emailLocalPart: `person${i}` }),
};

export class PlanBuilder {
  readonly units: PlannedUnit[] = [];
  private readonly subtrees: Record<string, PlannedUnit> = {};
  private readonly random: () => number;
  private readonly names: PlanNames;
  private counter = 0;

  constructor(
    readonly root: { id: string; name: string },
    seed: number,
    names: PlanNames = NUMBERED_NAMES,
  ) {
    this.random = seededRandom(seed);
    this.names = names;
    this.units.push({ id: root.id, name: root.name, parentId: null, path: `/${root.id}/`, depth: 0, childCount: 0, memberCount: 0 });
  }

  get rootUnit() {
    return this.units[0];
  }

  /** One new child of `parent`. */
  child(parent: PlannedUnit, name?: string): PlannedUnit {
    const id = ulid();
    this.counter++;
    const unit: PlannedUnit = {
      id, name: name ?? this.names.unit(parent, { index: parent.childCount, serial: this.counter, random: this.random }),
      parentId: parent.id, path: childPath(parent.path, id), depth: parent.depth + 1, childCount: 0, memberCount: 0,
    };
    parent.childCount++;
    this.units.push(unit);
    return unit;
  }

  /** Adds `count` units below `top`, breadth first, 3–12 children per unit. */
  grow(top: PlannedUnit, count: number) {
    const queue = [top];
    let left = count;
    while (left > 0) {
      const parent = queue.shift()!;
      const n = Math.min(left, 3 + Math.floor(this.random() * 10));
      for (let i = 0; i < n; i++) queue.push(this.child(parent));
      left -= n;
    }
  }

  /** A subtree of exactly `size` units (its top included) under `parent`, remembered by label. */
  subtree(label: string, parent: PlannedUnit, size: number): PlannedUnit {
    const top = this.child(parent, `${label} (${size} units)`);
    this.grow(top, size - 1);
    this.subtrees[label] = top;
    return top;
  }

  /**
   * People and memberships: `membershipsPerUnit` × units memberships on random non-root units
   * (one in ten as manager), held by `peoplePerUnit` × units people; two admins on the root.
   */
  finish(options: { domain: string; membershipsPerUnit: number; peoplePerUnit: number; customRoles?: PlannedCustomRoles }): TenantPlan {
    const { domain } = options;
    const peopleCount = Math.max(2, Math.round(this.units.length * options.peoplePerUnit));
    const people: PlannedPerson[] = Array.from({ length: peopleCount }, (_, i) => {
      const { name, emailLocalPart } = this.names.person(i);
      return { id: ulid(), email: `${emailLocalPart}@${domain}`, name, membershipCount: 0 };
    });
    const memberships: PlannedMembership[] = [];
    const taken = new Set<string>();
    const join = (unit: PlannedUnit, person: PlannedPerson, role: Role) => {
      const key = `${unit.id}/${person.id}`;
      if (taken.has(key)) return;
      taken.add(key);
      memberships.push({ unitId: unit.id, userId: person.id, role });
      unit.memberCount++;
      person.membershipCount++;
    };
    join(this.rootUnit, people[0], 'admin');
    join(this.rootUnit, people[1], 'admin');
    const nonRoot = this.units.slice(1);
    const total = Math.round(nonRoot.length * options.membershipsPerUnit);
    for (let j = 0; j < total && nonRoot.length > 0; j++) {
      const unit = nonRoot[Math.floor(this.random() * nonRoot.length)];
      join(unit, people[j % peopleCount], this.random() < 0.1 ? 'manager' : 'member');
    }
    // Drawn after the memberships, so a plan without custom roles is the one seeded before them.
    const custom = options.customRoles;
    if (custom?.keys.length) {
      for (const m of memberships.slice(2)) if (this.random() < custom.share) m.roles = [custom.keys[Math.floor(this.random() * custom.keys.length)]];
    }
    return { units: this.units, people: people.filter((p) => p.membershipCount > 0), memberships, subtrees: this.subtrees };
  }
}

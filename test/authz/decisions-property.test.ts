// Property: on random trees, role catalogues and memberships, every decision of lib/authz equals
// the reference evaluator's (support/reference-evaluator.ts, a literal reading of the docs' rule
// tables), and a decision allowed only through a custom role names that role.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { explainAccess, holds, REACHES, type Action, type ActorAccess, type CustomRole, type PlaceOf, type RoleCatalogue, type UnitRef } from '../../lib/authz';
import { Reference, type BuiltIn, type RefMembership, type RefQuestion } from './support/reference-evaluator';

const PERMISSIONS = ['tree.read', 'unit.create', 'unit.rename', 'unit.move', 'unit.delete', 'members.manage', 'audit.read', 'access.explain', 'roles.manage', 'expenses.approve', 'wiki.publish'];
const BUILT_IN: BuiltIn[] = ['owner', 'admin', 'manager', 'member'];

/** A tree of 2–14 units: unit i's parent is one of the units before it. Ids u0, u1 … u10 include look-alike prefixes. */
const treeArb = fc.integer({ min: 2, max: 14 }).chain((n) =>
  fc.tuple(...Array.from({ length: n - 1 }, (_, i) => fc.nat({ max: i }))).map((parents) => {
    const parentOf: Record<string, string | null> = { u0: null };
    parents.forEach((p, i) => (parentOf[`u${i + 1}`] = `u${p}`));
    return parentOf;
  }),
);

const roleArb = (key: string) =>
  fc.record({ permissions: fc.subarray(PERMISSIONS, { maxLength: 5 }), reach: fc.constantFrom(...REACHES) }).map(
    ({ permissions, reach }): CustomRole => ({ key, name: key, description: '', permissions, reach, version: 1, createdAt: '', updatedAt: '' }),
  );

const catalogueArb = fc.integer({ min: 0, max: 5 }).chain((n) =>
  fc.tuple(...Array.from({ length: n }, (_, i) => roleArb(`r${i}`))).map((roles): RoleCatalogue => ({
    version: 3, roles: Object.fromEntries(roles.map((r) => [r.key, r])), permissions: {},
  })),
);

const worldArb = fc.record({ parents: treeArb, catalogue: catalogueArb }).chain(({ parents, catalogue }) => {
  const units = Object.keys(parents);
  const unitArb = fc.constantFrom(...units);
  // Roles held may name one the catalogue no longer has ("gone"): it gives nothing.
  const keys = [...Object.keys(catalogue.roles), 'gone'];
  // Owners and admins mostly on the top unit, sometimes (bad data) elsewhere.
  const membershipArb = fc.record({
    unit: fc.oneof({ weight: 1, arbitrary: fc.constant('u0') }, { weight: 3, arbitrary: unitArb }),
    role: fc.constantFrom(...BUILT_IN, 'member', 'member', 'manager'),
    roles: fc.subarray(keys, { maxLength: Math.min(3, keys.length) }),
  });
  const roleForAssign = fc.oneof(fc.constantFrom(...(Object.values(catalogue.roles).length ? Object.values(catalogue.roles) : [undefined])), roleArb('new'));
  const questionArb: fc.Arbitrary<RefQuestion> = fc.oneof(
    fc.record({ action: fc.constantFrom('tree.read', 'members.read', 'unit.rename', 'unit.delete', 'audit.read' as const), unit: unitArb }),
    fc.record({ action: fc.constant('unit.create' as const), parent: unitArb }),
    fc.record({ action: fc.constant('unit.move' as const), unit: unitArb, destination: unitArb }),
    fc.record({ action: fc.constantFrom('membership.add', 'membership.remove' as const), unit: unitArb, role: fc.constantFrom(...BUILT_IN), userId: fc.constantFrom('me', 'other') }),
    fc.record({ action: fc.constantFrom('invitation.create', 'invitation.revoke' as const), unit: unitArb, role: fc.constantFrom(...BUILT_IN) }),
    fc.record({ action: fc.constant('membership.changeRole' as const), unit: unitArb, userId: fc.constantFrom('me', 'other'), from: fc.constantFrom(...BUILT_IN), to: fc.constantFrom(...BUILT_IN) }),
    fc.record({ action: fc.constant('access.explain' as const), unit: unitArb, userId: fc.constantFrom('me', 'other') }),
    fc.record({ action: fc.constant('role.assign' as const), unit: unitArb, role: roleForAssign.filter((r): r is CustomRole => r !== undefined) }),
    fc.record({ action: fc.constant('roles.manage' as const), permissions: fc.subarray(PERMISSIONS, { maxLength: 3 }) }),
  );
  return fc.record({
    world: fc.constant({ parents, top: 'u0', catalogue }),
    memberships: fc.array(membershipArb, { minLength: 1, maxLength: 4 }),
    questions: fc.array(questionArb, { minLength: 1, maxLength: 20 }),
  });
});

function pathOf(parents: Record<string, string | null>, id: string): string {
  const ids: string[] = [];
  for (let x: string | null = id; x !== null; x = parents[x]) ids.unshift(x);
  return `/${ids.join('/')}/`;
}

/** The question as lib/authz is asked it: units as stored refs (paths), the subject 'me' being the actor. */
function asked(parents: Record<string, string | null>, q: RefQuestion): [Action, PlaceOf<Action>] {
  const ref = (id: string): UnitRef => ({ id, path: pathOf(parents, id), name: `Unit ${id}` });
  const { action, ...rest } = q as RefQuestion & Record<string, unknown>;
  const place: Record<string, unknown> = { ...rest };
  for (const k of ['unit', 'parent', 'destination']) if (typeof place[k] === 'string') place[k] = ref(place[k] as string);
  if (action === 'role.assign') place.userId = 'other';
  return [action, place as PlaceOf<Action>];
}

describe('decisions match the reference evaluator written from the docs', () => {
  test('random trees, catalogues, memberships and questions', () => {
    fc.assert(
      fc.property(worldArb, ({ world, memberships, questions }) => {
        const reference = new Reference(world);
        const refActor = { userId: 'me', memberships: memberships as RefMembership[] };
        const access: ActorAccess = {
          tenantId: 'T', userId: 'me', catalogue: world.catalogue,
          memberships: memberships.map((m) => ({ unitId: m.unit, unitPath: pathOf(world.parents, m.unit), role: m.role, roles: m.roles })),
        };
        for (const q of questions) {
          const want = reference.decide(refActor, q);
          const [action, place] = asked(world.parents, q);
          const got = explainAccess(access, action, place as never);
          assert.equal(got.allowed, want.allowed, `${JSON.stringify(q)} with ${JSON.stringify(memberships)}`);
          // Allowed only through a custom role: the decision names it (and every grant is a custom one).
          if (got.allowed) assert.equal(got.grants.some((g) => g.customRole === undefined), want.builtIn, `built-in grant of ${JSON.stringify(q)}`);
          if (got.allowed && got.grantedBy.customRole) assert.ok(world.catalogue.roles[got.grantedBy.customRole], 'names a role of the catalogue');
        }
      }),
      { numRuns: 1500, seed: 20261128 },
    );
  });

  test('holds over each reach agrees with the reference', () => {
    fc.assert(
      fc.property(worldArb, fc.constantFrom(...PERMISSIONS), fc.constantFrom(...REACHES), fc.nat(), ({ world, memberships }, permission, reach, pick) => {
        const units = Object.keys(world.parents);
        const unit = units[pick % units.length];
        const access: ActorAccess = {
          tenantId: 'T', userId: 'me', catalogue: world.catalogue,
          memberships: memberships.map((m) => ({ unitId: m.unit, unitPath: pathOf(world.parents, m.unit), role: m.role, roles: m.roles })),
        };
        const want = new Reference(world).holdsOver({ userId: 'me', memberships }, permission, unit, reach);
        assert.equal(holds(access, permission, { path: pathOf(world.parents, unit) }, reach), want, `${permission} ${reach} from ${unit}`);
      }),
      { numRuns: 3000, seed: 20261128 },
    );
  });
});

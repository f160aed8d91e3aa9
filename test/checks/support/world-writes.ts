// Random writes to a stored check world (support/check-world.ts), each made through the domain
// function the console and the API call (addMembership, removeMembership, changeRole,
// setMembershipRoles, updateRole, moveUnit), and the same change applied to the model so the
// reference evaluator can say what every check should answer afterwards.
import fc from 'fast-check';
import { REACHES } from '../../../lib/authz';
import { addMembership, changeRole, readUnitMember, removeMembership, setMembershipRoles } from '../../../lib/members';
import { getUnitOrThrow, moveUnit } from '../../../lib/org';
import { readRoleCatalogue, updateRole } from '../../../lib/roles';
import type { RefMembership } from '../../authz/support/reference-evaluator';
import { PERMISSIONS, pathOf, type StoredWorld, type WorldSpec } from './check-world';

export type WorldWrite =
  | { kind: 'add'; person: string; membership: RefMembership }
  | { kind: 'remove'; person: string; unit: string }
  | { kind: 'changeRole'; person: string; unit: string }
  | { kind: 'setRoles'; person: string; unit: string; roles: string[] }
  | { kind: 'updateRole'; key: string; permissions: string[]; reach: (typeof REACHES)[number] }
  | { kind: 'move'; unit: string; parent: string };

/** The writes possible in `spec` (none of them leaves a person without a membership). */
export function writeArb(spec: WorldSpec): fc.Arbitrary<WorldWrite> {
  const units = Object.keys(spec.parents);
  const roleKeys = spec.roles.map((r) => r.key);
  const held = Object.entries(spec.people).flatMap(([person, ms]) => ms.map((m) => ({ person, unit: m.unit })));
  const options: fc.Arbitrary<WorldWrite>[] = [];
  const joinable = Object.entries(spec.people).flatMap(([person, ms]) => units.filter((u) => !ms.some((m) => m.unit === u)).map((unit) => ({ person, unit })));
  if (joinable.length) {
    options.push(
      fc.record({ at: fc.constantFrom(...joinable), role: fc.constantFrom('member', 'manager', 'admin' as const), roles: fc.subarray(roleKeys, { maxLength: Math.min(2, roleKeys.length) }) }).map(
        ({ at, role, roles }): WorldWrite => ({ kind: 'add', person: at.person, membership: { unit: at.unit, role: role === 'admin' && at.unit !== 'u0' ? 'manager' : role, roles } }),
      ),
    );
  }
  const removable = held.filter((h) => spec.people[h.person].length > 1);
  if (removable.length) options.push(fc.constantFrom(...removable).map((h): WorldWrite => ({ kind: 'remove', ...h })));
  if (held.length) options.push(fc.constantFrom(...held).map((h): WorldWrite => ({ kind: 'changeRole', ...h })));
  if (held.length && roleKeys.length) {
    options.push(fc.record({ at: fc.constantFrom(...held), roles: fc.subarray(roleKeys, { maxLength: Math.min(2, roleKeys.length) }) }).map(({ at, roles }): WorldWrite => ({ kind: 'setRoles', ...at, roles })));
  }
  if (roleKeys.length) {
    options.push(
      fc.record({ key: fc.constantFrom(...roleKeys), permissions: fc.subarray(PERMISSIONS, { minLength: 1, maxLength: 4 }), reach: fc.constantFrom(...REACHES) }).map(
        (r): WorldWrite => ({ kind: 'updateRole', ...r }),
      ),
    );
  }
  const moves = units.flatMap((unit) =>
    unit === 'u0' ? [] : units.filter((p) => p !== spec.parents[unit] && !pathOf(spec.parents, p).includes(unit)).map((parent) => ({ unit, parent })),
  );
  // Subtree moves weigh more: the case most likely to leave a stale path behind.
  if (moves.length) options.push(fc.constantFrom(...moves).map((m): WorldWrite => ({ kind: 'move', ...m })), fc.constantFrom(...moves).map((m): WorldWrite => ({ kind: 'move', ...m })));
  return fc.oneof(...options);
}

/** The model after the write. */
export function applied(spec: WorldSpec, write: WorldWrite): WorldSpec {
  const people = structuredClone(spec.people);
  const at = (person: string, unit: string) => people[person].find((m) => m.unit === unit)!;
  switch (write.kind) {
    case 'add':
      people[write.person].push(write.membership);
      return { ...spec, people };
    case 'remove':
      people[write.person] = people[write.person].filter((m) => m.unit !== write.unit);
      return { ...spec, people };
    case 'changeRole':
      at(write.person, write.unit).role = at(write.person, write.unit).role === 'manager' ? 'member' : 'manager';
      return { ...spec, people };
    case 'setRoles':
      at(write.person, write.unit).roles = write.roles;
      return { ...spec, people };
    case 'updateRole':
      return { ...spec, roles: spec.roles.map((r) => (r.key === write.key ? { key: r.key, permissions: write.permissions, reach: write.reach } : r)) };
    case 'move':
      return { ...spec, parents: { ...spec.parents, [write.unit]: write.parent } };
  }
}

/** Makes the write through the domain; resolves once it is acknowledged. */
export async function write(w: StoredWorld, spec: WorldSpec, change: WorldWrite): Promise<void> {
  const { db, owner, ids } = w;
  const version = async (person: string, unit: string) => (await readUnitMember(db, ids[unit], ids[person]))!.version;
  switch (change.kind) {
    case 'add': {
      const m = change.membership;
      await addMembership(db, owner, { unitId: ids[m.unit], role: m.role, userId: ids[change.person], ...(m.roles.length ? { roles: m.roles } : {}) });
      return;
    }
    case 'remove':
      await removeMembership(db, owner, { unitId: ids[change.unit], userId: ids[change.person], expectedVersion: await version(change.person, change.unit) });
      return;
    case 'changeRole': {
      const role = spec.people[change.person].find((m) => m.unit === change.unit)!.role === 'manager' ? 'member' : 'manager';
      await changeRole(db, owner, { unitId: ids[change.unit], userId: ids[change.person], role, expectedVersion: await version(change.person, change.unit) });
      return;
    }
    case 'setRoles':
      await setMembershipRoles(db, owner, { unitId: ids[change.unit], userId: ids[change.person], roles: change.roles, expectedVersion: await version(change.person, change.unit) });
      return;
    case 'updateRole': {
      const role = (await readRoleCatalogue(db, { fresh: true })).roles[change.key];
      await updateRole(db, owner, change.key, { permissions: change.permissions, reach: change.reach, expectedVersion: role.version });
      return;
    }
    case 'move': {
      const unit = await getUnitOrThrow(db, ids[change.unit]);
      const moved = await moveUnit(db, owner, { unitId: unit.id, newParentId: ids[change.parent], expectedVersion: unit.version });
      if (moved.kind !== 'moved') throw new Error(`a move of a few units ran as a job: ${JSON.stringify(moved)}`);
    }
  }
}

// One operation of a change set against the live tree, through the ordinary domain functions
// (lib/org, lib/members) so every rule, counter, index and audit entry is theirs; the db they get
// holds the set's locks. Before an operation runs, its inverse is read from the live state; after
// a crash, `applied` tells from the live state whether the operation already happened (the set
// holds every unit it touches, so nothing else could have made it so).
import 'server-only';
import { INDEX, keys, queryAll, type AuditActor, type TenantDb } from '../../db';
import { createUnit, deleteUnit, moveUnit, renameUnit } from '../../org';
import { readUnit } from '../../org/unit-reads';
import { addMembership, changeRole, readProfile, readUnitMember, removeMembership, type Membership } from '../../members';
import { toMembership } from '../../members/membership-items';
import { toUnit } from '../../org/unit-item';
import { readRoleCatalogue } from '../../roles';
import type { Operation } from '../operations';

/** Has the operation's effect already happened? */
export async function applied(db: TenantDb, op: Operation): Promise<boolean> {
  switch (op.kind) {
    case 'createUnit':
      return Boolean(await readUnit(db, op.unitId));
    case 'renameUnit':
      return (await readUnit(db, op.unitId))?.name === op.name;
    case 'moveUnit':
      return (await readUnit(db, op.unitId))?.parentId === op.parentId;
    case 'deleteUnit':
      return !(await readUnit(db, op.unitId));
    case 'addMember':
      return (await readUnitMember(db, op.unitId, op.userId))?.role === op.role;
    case 'removeMember':
      return !(await readUnitMember(db, op.unitId, op.userId));
    case 'moveMember': {
      const [from, to] = await Promise.all([readUnitMember(db, op.fromUnitId, op.userId), readUnitMember(db, op.unitId, op.userId)]);
      return !from && Boolean(to);
    }
    case 'changeRole':
      return (await readUnitMember(db, op.unitId, op.userId))?.role === op.role;
  }
}

/** The operations that put back what `op` is about to change, read from the live state now. */
export async function inverseOf(db: TenantDb, op: Operation): Promise<Operation[]> {
  switch (op.kind) {
    case 'createUnit':
      return [{ kind: 'deleteUnit', unitId: op.unitId }];
    case 'renameUnit': {
      const unit = await readUnit(db, op.unitId);
      return unit ? [{ kind: 'renameUnit', unitId: unit.id, name: unit.name }] : [];
    }
    case 'moveUnit': {
      const unit = await readUnit(db, op.unitId);
      return unit?.parentId ? [{ kind: 'moveUnit', unitId: unit.id, parentId: unit.parentId }] : [];
    }
    case 'deleteUnit':
      return recreateSubtree(db, op.unitId);
    case 'addMember':
      return [{ kind: 'removeMember', unitId: op.unitId, userId: op.userId }];
    case 'removeMember':
    case 'changeRole': {
      const m = await readUnitMember(db, op.unitId, op.userId);
      if (!m) return [];
      return op.kind === 'changeRole'
        ? [{ kind: 'changeRole', unitId: op.unitId, userId: op.userId, role: m.role }]
        : [{ kind: 'addMember', unitId: op.unitId, userId: op.userId, ...heldBy(m) }];
    }
    case 'moveMember': {
      const m = await readUnitMember(db, op.fromUnitId, op.userId);
      if (!m) return [];
      return [
        { kind: 'removeMember', unitId: op.unitId, userId: op.userId },
        { kind: 'addMember', unitId: op.fromUnitId, userId: op.userId, ...heldBy(m) },
      ];
    }
  }
}

/** What a membership put back holds: its built-in and custom roles, and who it is. */
const heldBy = (m: Membership) => ({
  role: m.role, ...(m.roles?.length ? { roles: m.roles } : {}), person: { email: m.email, name: m.name },
});

/** A deleted subtree put back: its units (parents first, same ids and names), then its memberships. */
async function recreateSubtree(db: TenantDb, unitId: string): Promise<Operation[]> {
  const root = await readUnit(db, unitId);
  if (!root) return [];
  const [units, members] = await Promise.all([
    queryAll(db, { IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)', ExpressionAttributeValues: { ':pk': keys.gsi1.tree(db.tenantId), ':p': root.path } }),
    queryAll(db, { IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)', ExpressionAttributeValues: { ':pk': keys.gsi1.memberTree(db.tenantId), ':p': root.path } }),
  ]);
  const ordered = units.map(toUnit).sort((a, b) => a.depth - b.depth || a.path.localeCompare(b.path));
  return [
    ...ordered.map((u): Operation => ({ kind: 'createUnit', unitId: u.id, parentId: u.parentId!, name: u.name })),
    ...members.map(toMembership).map((m): Operation => ({ kind: 'addMember', unitId: m.unitId, userId: m.userId, ...heldBy(m) })),
  ];
}

/** Makes the operation happen (the caller has checked it has not yet). */
export async function execute(db: TenantDb, actor: AuditActor, op: Operation, inverse: Operation[]): Promise<void> {
  switch (op.kind) {
    case 'createUnit':
      await createUnit(db, actor, { parentId: op.parentId, name: op.name, unitId: op.unitId });
      return;
    case 'renameUnit':
    case 'moveUnit':
    case 'deleteUnit': {
      const unit = await readUnit(db, op.unitId);
      if (!unit) throw new Error(`change set operation ${op.kind}: unit ${op.unitId} is gone`);
      if (op.kind === 'renameUnit') await renameUnit(db, actor, { unitId: op.unitId, name: op.name, expectedVersion: unit.version });
      else if (op.kind === 'moveUnit') await moveUnit(db, actor, { unitId: op.unitId, newParentId: op.parentId, expectedVersion: unit.version });
      else await deleteUnit(db, actor, { unitId: op.unitId, expectedVersion: unit.version, recursive: true });
      return;
    }
    case 'addMember': {
      const profile = op.person && !(await readProfile(db, op.userId)) ? op.person : undefined;
      const roles = await stillDefined(db, op.roles);
      await addMembership(db, actor, {
        unitId: op.unitId, userId: op.userId, role: op.role, ...(roles.length ? { roles } : {}),
        ...(profile ? { email: profile.email, name: profile.name } : {}),
      });
      return;
    }
    case 'removeMember':
    case 'changeRole': {
      const m = await readUnitMember(db, op.unitId, op.userId);
      if (!m) throw new Error(`change set operation ${op.kind}: membership gone`);
      if (op.kind === 'removeMember') await removeMembership(db, actor, { unitId: op.unitId, userId: op.userId, expectedVersion: m.version });
      else await changeRole(db, actor, { unitId: op.unitId, userId: op.userId, role: op.role, expectedVersion: m.version });
      return;
    }
    case 'moveMember': {
      // Two writes: leaving (if not yet) then joining with the roles held before (kept in the
      // inverse, read before the first write).
      const back = inverse.find((o) => o.kind === 'addMember');
      const role = back?.kind === 'addMember' ? back.role : 'member';
      const roles = await stillDefined(db, back?.kind === 'addMember' ? back.roles : undefined);
      const from = await readUnitMember(db, op.fromUnitId, op.userId);
      if (from) await removeMembership(db, actor, { unitId: op.fromUnitId, userId: op.userId, expectedVersion: from.version });
      if (!(await readUnitMember(db, op.unitId, op.userId))) {
        const person = back?.kind === 'addMember' ? back.person : undefined;
        const profile = person && !(await readProfile(db, op.userId)) ? person : undefined;
        await addMembership(db, actor, {
          unitId: op.unitId, userId: op.userId, role, ...(roles.length ? { roles } : {}),
          ...(profile ? { email: profile.email, name: profile.name } : {}),
        });
      }
      return;
    }
  }
}

/**
 * The custom role keys the catalogue still defines: a role deleted since the operation was drafted
 * (its holders then hold nothing of it) is not given, rather than failing the step (as an
 * invitation accepted after its role was deleted, lib/invitations).
 */
async function stillDefined(db: TenantDb, roleKeys: readonly string[] | undefined): Promise<string[]> {
  if (!roleKeys?.length) return [];
  const catalogue = await readRoleCatalogue(db, { fresh: true });
  return roleKeys.filter((k) => Object.hasOwn(catalogue.roles, k));
}

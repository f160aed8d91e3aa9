// T12 set custom roles: the custom roles a membership holds beside its built-in role
// (docs/roles.md), on both directions of the membership in one transaction, conditioned on the
// version the caller read, on the unit not being locked, and on the catalogue the roles were
// checked against (a role deleted meanwhile is never left behind).
import 'server-only';
import { auditEntryPut } from '../audit';
import { keys, transaction, type AuditActor, type TenantDb, type TransactItem } from '../db';
import { versionConflict } from '../errors';
import { lockFree, valuesOrNone } from '../org/unit-lock';
import { readRoleCatalogue } from '../roles';
import { validateId } from '../validation';
import { validateVersion } from '../validation/version';
import { assertRoleList, catalogueUnchanged, sameRoles, validateCustomRoles } from './custom-roles';
import { membershipBusy, membershipNotFound } from './errors';
import { membershipConflict, readUnitMember, unitRefusal } from './member-reads';
import { membershipKeys, type Membership } from './membership-items';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';

export interface SetMembershipRolesInput {
  unitId: string;
  userId: string;
  /** Every custom role key the membership holds afterwards (empty: none). */
  roles: readonly string[];
  expectedVersion: number;
}

export async function setMembershipRoles(db: TenantDb, actor: AuditActor, input: SetMembershipRolesInput): Promise<Membership> {
  const unitId = validateId(input?.unitId, 'unit');
  const userId = validateId(input.userId, 'user');
  const expectedVersion = validateVersion(input.expectedVersion, 'membership');
  assertRoleList(input.roles);

  for (let attempt = 1; ; attempt++) {
    // After a refused catalogue condition, this process's copy is older than the item.
    const [current, catalogue] = await Promise.all([readUnitMember(db, unitId, userId), readRoleCatalogue(db, { fresh: attempt > 1 })]);
    if (!current) throw membershipNotFound();
    if (current.version !== expectedVersion) throw versionConflict('membership', current.version, current);
    const roles = validateCustomRoles(input.roles, catalogue);
    if (sameRoles(current.roles, roles)) return current;

    const now = new Date().toISOString();
    const next = expectedVersion + 1;
    const update = (Key: { PK: string; SK: string }): TransactItem => ({
      Update: {
        TableName: db.tableName,
        Key,
        // An empty list is not stored: absent means none (docs/data-model.md).
        UpdateExpression: roles.length
          ? 'SET #roles = :roles, #version = :next, updatedAt = :now'
          : 'SET #version = :next, updatedAt = :now REMOVE #roles',
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#roles': 'roles', '#version': 'version' },
        ExpressionAttributeValues: { ...(roles.length ? { ':roles': roles } : {}), ':next': next, ':now': now, ':expected': expectedVersion },
      },
    });
    const free = lockFree(db);
    const tx = transaction(db)
      .add(membershipKeys(db.tenantId, unitId, userId).map(update), () => membershipConflict(db, unitId, userId))
      .add({
        // A locked unit refuses every edit, membership edits included (unless the db holds its lock).
        ConditionCheck: {
          TableName: db.tableName,
          Key: keys.unit(db.tenantId, unitId),
          ConditionExpression: `attribute_exists(PK) AND ${free.expression}`,
          ExpressionAttributeNames: free.names,
          ...valuesOrNone(free.values),
        },
      }, () => unitRefusal(db, unitId));
    if (roles.length) tx.add(catalogueUnchanged(db, catalogue), () => 'retry');
    tx.add(
      auditEntryPut(db, {
        actor, action: 'membership.rolesChange',
        target: { type: 'membership', id: `${unitId}/${userId}`, label: current.email },
        unitId, before: { roles: current.roles ?? [] }, after: { roles },
      }),
    );

    if ((await tx.send()) === 'written') {
      const { roles: _before, ...rest } = current;
      return { ...rest, ...(roles.length ? { roles } : {}), version: next, updatedAt: now };
    }
    if (attempt >= RETRY_LIMITS.redecide) throw membershipBusy();
    await backoff(attempt);
  }
}

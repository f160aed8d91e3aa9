// Who holds a custom role, and where (docs/roles.md#holders): the member tree (GSI1 `MTREE`) read
// from the top, filtered to memberships carrying the role. Used by Settings → Roles, the preview
// of a role's change, and deleting a role in use.
import 'server-only';
import { KEY_MAX_LENGTH, ROLE_KEY_PATTERN } from '../authz';
import { INDEX, keys, pageSize, queryPage, type AuditActor, type Page, type TenantDb } from '../db';
import { RETRY_LIMITS } from '../db/retry-policy';
import { isArborError } from '../errors';
import { guardMemberPage } from '../org/job-view';
import type { UnitLabel } from '../org/unit-labels';
import { unknownRoles } from '../roles';
import { readUnitMember } from './member-reads';
import { toMembership, type Membership } from './membership-items';
import { setMembershipRoles } from './set-membership-roles';

export const ROLE_HOLDERS_PAGE = { default: 50, max: 200 } as const;

export interface RoleHolderOptions {
  limit?: number;
  cursor?: string;
}

/** One membership holding a role, as GET /api/v1/roles/{roleKey}/holders answers it. */
export interface RoleHolderRow {
  userId: string;
  name: string;
  email: string;
  unitId: string;
  unitName: string;
  /** The ids from the top unit down to the unit. */
  unitPath: string;
  /** The built-in role held there. */
  role: Membership['role'];
  /** Every custom role held there (the one asked for among them). */
  roles: string[];
}

export interface RoleHoldersPage {
  items: RoleHolderRow[];
  nextCursor?: string;
}

/**
 * One page of the memberships holding custom role `roleKey`, in tree order (unit path, then user
 * id), with the names and paths of the page's units (one BatchGetItem, which also guards the page
 * against a large move under way). The filter drops the other memberships after they are read, so
 * a page may read up to READ_BUDGET pages of the member tree and may come back short with more
 * behind it.
 */
export async function listRoleHolders(
  db: TenantDb,
  roleKey: string,
  options: RoleHolderOptions = {},
): Promise<Page<Membership> & { units: Map<string, UnitLabel> }> {
  if (typeof roleKey !== 'string' || roleKey.length > KEY_MAX_LENGTH || !ROLE_KEY_PATTERN.test(roleKey)) throw unknownRoles([String(roleKey).slice(0, KEY_MAX_LENGTH)]);
  const page = await queryPage(
    db,
    {
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: 'contains(#roles, :role)',
      ExpressionAttributeNames: { '#roles': 'roles' },
      ExpressionAttributeValues: { ':pk': keys.gsi1.memberTree(db.tenantId), ':role': roleKey },
    },
    { limit: pageSize(options.limit, ROLE_HOLDERS_PAGE), scope: `roleHolders:${db.tenantId}:${roleKey}`, cursor: options.cursor },
  );
  const { items, units } = await guardMemberPage(db, page.items);
  return { items: items.map(toMembership), nextCursor: page.nextCursor, units };
}

/** A page of holders as rows, their units named from the page's own read of them. */
export async function roleHoldersPage(db: TenantDb, roleKey: string, options: RoleHolderOptions = {}): Promise<RoleHoldersPage> {
  const page = await listRoleHolders(db, roleKey, options);
  return {
    items: page.items.map((m) => ({
      userId: m.userId, name: m.name, email: m.email, unitId: m.unitId,
      unitName: page.units.get(m.unitId)?.name ?? 'a deleted unit', unitPath: m.unitPath, role: m.role, roles: m.roles ?? [],
    })),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

/**
 * Before a role in use is deleted: every membership holding `roleKey` holds `replaceWith` instead
 * (or nothing, with `null`), one membership transaction each, conditioned as any role change is.
 * Returns how many memberships changed.
 */
export async function replaceRoleOnHolders(db: TenantDb, actor: AuditActor, roleKey: string, replaceWith: string | null): Promise<number> {
  let changed = 0;
  let cursor: string | undefined;
  do {
    // Changing a membership's roles leaves its place in the member tree alone, so the cursor holds.
    const page = await listRoleHolders(db, roleKey, { limit: ROLE_HOLDERS_PAGE.max, cursor });
    for (const holder of page.items) {
      if (await replaceOn(db, actor, holder, roleKey, replaceWith)) changed++;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return changed;
}

/** The holder's roles with `roleKey` replaced, each key once. */
export const replacedRoles = (roles: readonly string[], roleKey: string, replaceWith: string | null) => [
  ...new Set(roles.flatMap((k) => (k !== roleKey ? [k] : replaceWith ? [replaceWith] : []))),
];

/** One holder's change; a membership changed meanwhile is read again, one removed is passed over. */
async function replaceOn(db: TenantDb, actor: AuditActor, holder: Membership, roleKey: string, replaceWith: string | null): Promise<boolean> {
  let m: Membership | undefined = holder;
  for (let attempt = 1; m?.roles?.includes(roleKey); attempt++) {
    try {
      await setMembershipRoles(db, actor, {
        unitId: m.unitId, userId: m.userId, roles: replacedRoles(m.roles, roleKey, replaceWith), expectedVersion: m.version,
      });
      return true;
    } catch (e) {
      if (isArborError(e) && e.code === 'membership.notFound') return false;
      if (!isArborError(e) || e.code !== 'membership.versionConflict' || attempt >= RETRY_LIMITS.redecide) throw e;
      m = await readUnitMember(db, holder.unitId, holder.userId);
    }
  }
  return false;
}

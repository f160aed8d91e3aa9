// The preview of a role's change before it is saved (`roles.preview`): for each membership holding
// it, the permissions gained and lost and the reach before and after, with the unit's name. Reads
// up to PREVIEW_HOLDERS holders (then `truncated`), the catalogue once and the units in one
// BatchGetItem; writes nothing.
import 'server-only';
import type { Reach } from '../authz';
import { batchGet, keys, type TenantDb } from '../db';
import { readRoleCatalogue } from './read-catalogue';
import { roleNotFound } from './errors';
import type { HolderRef, RoleHolderAccess } from './holders';
import { roleIn } from './manage-roles';
import { diffHolder, type HoldingMembership } from './role-change-diff';
import { knownPermissions, validatePermissionList, validateReach } from './validate';

export const PREVIEW_HOLDERS = 1_000;
const HOLDERS_PAGE = 100;

export interface RoleChangePreview {
  /** Memberships holding the role (read up to PREVIEW_HOLDERS). */
  holders: number;
  changes: {
    userId: string;
    name: string;
    email: string;
    unitId: string;
    unitName: string;
    gains: string[];
    loses: string[];
    reachBefore: Reach;
    reachAfter: Reach;
  }[];
  /** More memberships hold the role than were read. */
  truncated: boolean;
}

export async function previewRoleChange(
  db: TenantDb,
  roleKey: string,
  change: { permissions?: unknown; reach?: unknown },
  access: Pick<RoleHolderAccess, 'listRoleHolders'>,
): Promise<RoleChangePreview> {
  const reach = change.reach === undefined ? undefined : validateReach(change.reach);
  const asked = change.permissions === undefined ? undefined : validatePermissionList(change.permissions);
  const catalogue = await readRoleCatalogue(db);
  const role = roleIn(catalogue, roleKey);
  if (!role) throw roleNotFound();
  const next = {
    permissions: asked === undefined ? role.permissions : knownPermissions(asked, catalogue),
    reach: reach ?? role.reach,
  };
  const holders: (HolderRef & HoldingMembership)[] = [];
  let cursor: string | undefined;
  do {
    const page = await access.listRoleHolders(db, roleKey, { limit: Math.min(HOLDERS_PAGE, PREVIEW_HOLDERS + 1 - holders.length), cursor });
    holders.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && holders.length <= PREVIEW_HOLDERS);
  const truncated = holders.length > PREVIEW_HOLDERS || Boolean(cursor);
  const read = holders.slice(0, PREVIEW_HOLDERS);
  const changed = read.map((h) => ({ h, diff: diffHolder(h, role, next, catalogue) })).filter(({ diff }) => diff.gains.length + diff.loses.length > 0);
  const units = await batchGet(db, [...new Set(changed.map(({ h }) => h.unitId))].map((id) => keys.unit(db.tenantId, id)), { projection: ['unitId', 'name'] });
  const nameOf = new Map(units.map((u) => [String(u.unitId), String(u.name)]));
  return {
    holders: read.length,
    changes: changed.map(({ h, diff }) => ({
      userId: h.userId, name: h.name, email: h.email, unitId: h.unitId, unitName: nameOf.get(h.unitId) ?? 'a deleted unit',
      ...diff, reachBefore: role.reach, reachAfter: next.reach,
    })),
    truncated,
  };
}

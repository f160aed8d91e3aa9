// The custom roles an invitation gives on accept: named by key, each in the tenant's catalogue
// (one GetItem, only when some are named), within the per-membership limit. The entry point then
// decides each as `role.assign` on the unit, as giving it to a member there.
import 'server-only';
import { findCustomRoles, type CustomRole } from '../authz';
import type { TenantDb } from '../db';
import { readRoleCatalogue } from '../roles';
import { badInvitationRoles } from './errors';

/** Who a `role.assign` decision for an invitation names: the invitee has no user id yet. */
export const INVITEE = 'invitee';

export async function invitationRoles(db: TenantDb, keys: readonly string[] | undefined): Promise<CustomRole[]> {
  if (!keys?.length) return [];
  const named = findCustomRoles(await readRoleCatalogue(db), keys);
  if (!named.roles) throw badInvitationRoles(named.problem);
  return named.roles;
}

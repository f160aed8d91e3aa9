// The console header's data: the organization's name and the person's organizations for the
// switcher. The name is the top unit's (renames keep the two together), so on the tree and unit
// pages it comes with the tree's own read of that unit (lib/api/read-once.ts); the list is the
// session's copy (lib/auth/session-records.ts), read with the actor. A session recorded before
// it carried the list reads it from the platform (P2).
import 'server-only';
import { can } from '../authz';
import { readScheduledDeletion } from '../offboarding';
import { getUnit, pathIds } from '../org';
import { platformDb } from '../tenancy';
import { listUserTenants, type UserTenant } from '../users';
import type { ScreenContext } from './screen-context';

export interface ConsoleHeaderData {
  organizationName: string;
  /** Every organization of the person, the active one included (with the name above). */
  organizations: UserTenant[];
  /** The organization's scheduled deletion (the banner), and whether this person may cancel it (owners). */
  deletion?: { dueAt: string; started: boolean; canCancel: boolean };
}

export async function loadConsoleHeader(ctx: ScreenContext): Promise<ConsoleHeaderData> {
  ctx.authorize('tenant.read', {});
  const { actor } = ctx;
  const rootId = pathIds(actor.memberships[0].unitPath)[0];
  // The settings item (T1: the deletion mark) is asked with the top unit, so both go out as one BatchGetItem.
  const [listed, root, deletion] = await Promise.all([
    actor.organizations ?? listUserTenants(platformDb(), actor.userId), getUnit(ctx.db, rootId), readScheduledDeletion(ctx.db),
  ]);
  const active = { tenantId: actor.tenantId, name: root?.name ?? '' };
  // The tenants-of-a-user index can lag a fresh membership (or a rename) by a moment: the active
  // one always shows, with the name the header shows.
  const organizations = listed.some((t) => t.tenantId === actor.tenantId) ? listed.map((t) => (t.tenantId === actor.tenantId ? active : t)) : [active, ...listed];
  return {
    organizationName: active.name,
    organizations,
    ...(deletion ? { deletion: { dueAt: deletion.dueAt, started: Boolean(deletion.startedAt), canCancel: can(actor, 'tenant.delete', {}) } } : {}),
  };
}

// /members/[userId]: one person's units and roles (T8, strongly consistent), with the names of
// those units and their parents, and what the actor may do to each membership. Owners and admins
// see every membership; anyone else sees the ones in units whose members they may read, so a
// member page never shows more than the unit pages do.
import 'server-only';
import { can } from '../authz';
import { memberNotFound } from '../members/errors';
import { getUserMemberships, type Membership } from '../members';
import { pathIds } from '../org/unit-item';
import { unitLabels } from '../org/unit-labels';
import type { ScreenContext } from './screen-context';
import { memberRow, ownerCountFor, withRoleCatalogue, type MemberRowView } from './unit-members';

export interface MembershipView extends MemberRowView {
  /** Names from the top unit down to the unit's parent ("Acme / Engineering"). */
  parents: string[];
}

export interface MemberPageView {
  user: { userId: string; name: string; email: string };
  memberships: MembershipView[];
  /** Memberships the actor may not see (owners and admins see all). */
  hidden: number;
  /** The actor may remove this person from every unit (owners and admins, within the rules). */
  canRemoveFromOrganization: boolean;
  /** The actor may erase this person's personal data (owners, not about themselves, not the last owner). */
  canErase: boolean;
  /** The actor may add people somewhere (offer "Add to a unit"; the picker shows where). */
  canPlace: boolean;
  isSelf: boolean;
}

const memberGone = memberNotFound;

export async function loadMemberPage(ctx: ScreenContext, userId: string): Promise<MemberPageView> {
  const { user, memberships } = await getUserMemberships(ctx.db, userId);
  const isSelf = userId === ctx.actor.userId;
  if (!user || memberships.length === 0) {
    // Saying "not here" reveals nothing the actor couldn't learn from the member list.
    ctx.authorize('tenant.read', {});
    throw memberGone();
  }
  const visible = memberships.filter((m) => can(ctx.actor, 'members.read', { unit: { id: m.unitId, path: m.unitPath } }));
  if (visible.length === 0 && !isSelf) {
    ctx.authorize('tenant.read', {});
    throw memberGone();
  }
  if (visible.length === memberships.length && can(ctx.actor, 'members.list', {})) ctx.authorize('members.list', {});
  else if (visible[0]) ctx.authorize('members.read', { unit: { id: visible[0].unitId, path: visible[0].unitPath } });
  else ctx.authorize('tenant.read', {});

  const [labels, ownerCount, access] = await Promise.all([
    unitLabels(ctx.db, visible.flatMap((m) => pathIds(m.unitPath))),
    ownerCountFor(ctx.db, visible),
    withRoleCatalogue(ctx, visible),
  ]);
  const named = (m: Membership): MembershipView => {
    const ids = pathIds(m.unitPath);
    return {
      ...memberRow(access, m, labels.get(m.unitId)?.name ?? 'a deleted unit', ownerCount),
      parents: ids.slice(0, -1).map((id) => labels.get(id)?.name ?? '…'),
    };
  };
  const rows = visible.map(named).sort((a, b) => [...a.parents, a.unitName].join('\u0000').localeCompare([...b.parents, b.unitName].join('\u0000')));
  return {
    user: { userId: user.userId, name: user.name, email: user.email },
    memberships: rows,
    hidden: memberships.length - visible.length,
    canRemoveFromOrganization: !isSelf && can(ctx.actor, 'members.list', {}) && rows.length === memberships.length && rows.every((r) => r.canRemove),
    canErase: !isSelf && can(ctx.actor, 'person.erase', {}) && rows.length === memberships.length && !rows.some((r) => r.lastOwner),
    canPlace: ctx.actor.memberships.some((g) => can(ctx.actor, 'membership.add', { unit: { id: g.unitId, path: g.unitPath }, role: 'member' })),
    isSelf,
  };
}

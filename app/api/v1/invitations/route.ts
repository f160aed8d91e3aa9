// POST /api/v1/invitations – invite one or more email addresses to a unit with a role and any
// custom roles (1–30 days); each gets its link by mail
import { withActor } from '@/lib/api/with-actor';
import { invitations } from '@/lib/api/operations/invitations';
import { badInvitationRoles, invitePeople, INVITEE } from '@/lib/invitations';
import { getUnitOrThrow } from '@/lib/org';
import { customRolesNamed } from '@/lib/roles';
import { platformDb } from '@/lib/tenancy';

export const POST = withActor(invitations.create, async (ctx) => {
  const unit = await getUnitOrThrow(ctx.db, ctx.body.unitId);
  ctx.authorize('invitation.create', { unit, role: ctx.body.role });
  // Nobody grants what they do not hold: each custom role is decided as giving it on the unit.
  if (ctx.body.roles?.length) await ctx.roleCatalogue();
  const roles = await customRolesNamed(ctx.db, ctx.body.roles, badInvitationRoles);
  for (const role of roles) ctx.authorize('role.assign', { unit, userId: INVITEE, role });
  // P1 reads (the connection's domains, other tenants' claims) decide which addresses can sign in here.
  return invitePeople({ db: ctx.db, platform: platformDb() }, ctx.actor, {
    emails: ctx.body.emails, unit: { id: unit.id, name: unit.name }, role: ctx.body.role, roles: roles.map((r) => r.key), ttlDays: ctx.body.ttlDays, confirmGuests: ctx.body.confirmGuests,
  });
});

// POST /api/v1/invitations/[invitationId]/link – a new single-use link for a pending invitation, emailed again (resend) or returned to copy
import { withActor } from '@/lib/api/with-actor';
import { invitations } from '@/lib/api/operations/invitations';
import { invitationNotFound } from '@/lib/invitations/errors';
import { getInvitation, renewInvitationLink } from '@/lib/invitations';
import { getUnit } from '@/lib/org';
import { platformDb } from '@/lib/tenancy';

export const POST = withActor(invitations.renewLink, async (ctx) => {
  const invitation = await getInvitation(ctx.db, ctx.params.invitationId);
  if (!invitation) throw invitationNotFound();
  const unit = await getUnit(ctx.db, invitation.unitId);
  // An invitation to a deleted unit can never be accepted: nothing to send.
  if (!unit) throw invitationNotFound();
  // A new link re-invites: whoever may invite to this unit with this role may do it.
  ctx.authorize('invitation.create', { unit, role: invitation.role });
  return renewInvitationLink({ db: ctx.db, platform: platformDb() }, ctx.actor, {
    invitationId: invitation.id, expectedVersion: ctx.body.expectedVersion, delivery: ctx.body.delivery, unitName: unit.name,
  });
});

// DELETE /api/v1/invitations/[invitationId] – revoke a pending invitation
import { withActor } from '@/lib/api/with-actor';
import { invitations } from '@/lib/api/operations/invitations';
import { invitationNotFound } from '@/lib/invitations/errors';
import { getInvitation, revokeInvitation } from '@/lib/invitations';
import { getUnit } from '@/lib/org';

export const DELETE = withActor(invitations.revoke, async (ctx) => {
  const invitation = await getInvitation(ctx.db, ctx.params.invitationId);
  if (!invitation) throw invitationNotFound();
  const unit = await getUnit(ctx.db, invitation.unitId);
  // The invitation of a deleted unit can never be accepted; tenant admins may clear it.
  if (unit) ctx.authorize('invitation.revoke', { unit, role: invitation.role });
  else ctx.authorize('members.list', {});
  await revokeInvitation(ctx.db, ctx.actor, { invitationId: invitation.id, expectedVersion: ctx.body?.expectedVersion });
});

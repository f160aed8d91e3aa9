// POST /api/v1/invitations – invite an email address to a unit with a role, valid for 1–30 days
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { createInvitation, MAX_INVITATION_DAYS } from '@/lib/invitations';
import { ROLES } from '@/lib/members';
import { getUnitOrThrow } from '@/lib/org';

export const POST = withActor(
  {
    body: z.strictObject({
      email: field.text(320),
      unitId: field.id('unit'),
      role: z.enum(ROLES),
      ttlDays: z.int().min(1).max(MAX_INVITATION_DAYS).optional(),
    }),
    status: 201,
  },
  async (ctx) => {
    const unit = await getUnitOrThrow(ctx.db, ctx.body.unitId);
    ctx.authorize('invitation.create', { unit, role: ctx.body.role });
    const invitation = await createInvitation(ctx.db, ctx.actor, { ...ctx.body, unitId: unit.id });
    return { ...invitation, unitName: unit.name };
  },
);

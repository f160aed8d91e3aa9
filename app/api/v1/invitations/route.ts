// POST /api/v1/invitations – invite one or more email addresses to a unit with a role (1–30 days); each gets its link by mail
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { invitePeople, MAX_INVITATION_DAYS, MAX_INVITES_AT_ONCE } from '@/lib/invitations';
import { ROLES } from '@/lib/members';
import { getUnitOrThrow } from '@/lib/org';
import { platformDb } from '@/lib/tenancy';

export const POST = withActor(
  {
    body: z.strictObject({
      emails: z.array(field.text(320), 'must be a list of email addresses').min(1, 'must hold at least one address').max(MAX_INVITES_AT_ONCE, `must hold at most ${MAX_INVITES_AT_ONCE} addresses`),
      unitId: field.id('unit'),
      role: z.enum(ROLES),
      ttlDays: z.int().min(1).max(MAX_INVITATION_DAYS).optional(),
      /** The admin was warned that some addresses are outside the domains SSO serves, and invites them anyway. */
      confirmGuests: z.boolean('must be true or false').optional(),
    }),
    status: 201,
  },
  async (ctx) => {
    const unit = await getUnitOrThrow(ctx.db, ctx.body.unitId);
    ctx.authorize('invitation.create', { unit, role: ctx.body.role });
    // P1 reads (the connection's domains, other tenants' claims) decide which addresses can sign in here.
    return invitePeople({ db: ctx.db, platform: platformDb() }, ctx.actor, {
      emails: ctx.body.emails, unit: { id: unit.id, name: unit.name }, role: ctx.body.role, ttlDays: ctx.body.ttlDays, confirmGuests: ctx.body.confirmGuests,
    });
  },
);

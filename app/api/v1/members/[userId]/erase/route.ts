// POST /api/v1/members/[userId]/erase – erase a person's personal data from the organization (docs/privacy.md)
import { withActor } from '@/lib/api/with-actor';
import { members } from '@/lib/api/operations/members';
import { confirmationMismatch, eraseSelf, erasePerson } from '@/lib/erasure';
import { platformDb } from '@/lib/tenancy';

export const POST = withActor(members.erase, async (ctx) => {
  ctx.authorize('person.erase', {});
  if (ctx.params.userId === ctx.actor.userId) throw eraseSelf();
  const report = await erasePerson({ tenant: ctx.db, platform: platformDb() }, ctx.actor, {
    userId: ctx.params.userId,
    // The typed address must be the one the person is known by here, before anything is written.
    confirm: (person) => {
      if (!person.email || ctx.body.confirmEmail.trim().toLowerCase() !== person.email) throw confirmationMismatch();
    },
  });
  const [t] = report.tenants;
  return { memberships: t?.memberships ?? 0, invitations: t?.invitationsDeleted ?? 0, auditEntries: t?.auditEntriesRewritten ?? 0 };
});

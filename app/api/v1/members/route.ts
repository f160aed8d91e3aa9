// GET /api/v1/members?q=&sort=&role=&unit=&cursor= – a page of the organization's people and
// pending invitations (by email, name or joined date; of a role; of a unit), or those whose name
// or email starts with q (owners and admins)
// GET /api/v1/members?q=&forUnit=<unitId> – people to add to that unit (anyone who may add there)
import { withActor } from '@/lib/api/with-actor';
import { members } from '@/lib/api/operations/members';
import { getUnitOrThrow } from '@/lib/org';
import { membersPage, pickPeople } from '@/lib/screens/members';

export const GET = withActor(members.list, async (ctx) => {
  const { q, cursor, forUnit, sort, role, unit: unitId } = ctx.query;
  if (forUnit) {
    const unit = await getUnitOrThrow(ctx.db, forUnit);
    return { people: await pickPeople(ctx, unit, q ?? '') };
  }
  return membersPage(ctx, { q, cursor, sort, role, unitId });
});

// POST /api/v1/checks/units – the top-most units where a subject holds a permission, paged
import { withActor } from '@/lib/api/with-actor';
import { checkOperations as checks } from '@/lib/api/operations/checks';
import { askerOf, toSubject, unitsWithPermission } from '@/lib/checks';

export const POST = withActor(checks.units, async ({ db, actor, body, authorize }) => {
  authorize('checks.run', {});
  return unitsWithPermission(db, { ...body, subject: toSubject(body.subject), asker: askerOf(actor) });
});

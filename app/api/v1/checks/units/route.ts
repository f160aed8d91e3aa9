// POST /api/v1/checks/units – the top-most units where a subject holds a permission, paged
import { withActor } from '@/lib/api/with-actor';
import { checkOperations as checks } from '@/lib/api/operations/checks';
import { toSubject, askerTopsOf, mayAskAs, unitsWithPermission } from '@/lib/checks';

export const POST = withActor(checks.units, async ({ db, actor, body, authorize }) => {
  authorize('checks.run', {});
  return unitsWithPermission(db, { ...body, subject: toSubject(body.subject), mayAsk: mayAskAs(actor), askerTops: askerTopsOf(actor) });
});

// POST /api/v1/checks/subjects – everyone holding a permission on a unit, with the nearest grant, paged
import { withActor } from '@/lib/api/with-actor';
import { checkOperations as checks } from '@/lib/api/operations/checks';
import { mayAskAs, subjectsWithPermission } from '@/lib/checks';

export const POST = withActor(checks.subjects, async ({ db, actor, body, authorize }) => {
  authorize('checks.run', {});
  return subjectsWithPermission(db, { ...body, mayAsk: mayAskAs(actor) });
});

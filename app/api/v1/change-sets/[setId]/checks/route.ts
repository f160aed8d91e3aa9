// POST /api/v1/change-sets/[setId]/checks – each check now and after the change set's operations
import { withActor } from '@/lib/api/with-actor';
import { checkOperations as checks } from '@/lib/api/operations/checks';
import { authorizeOnSet, readChangeSet } from '@/lib/change-sets';
import { toSubject, checkAfterChangeSet, mayAskAs } from '@/lib/checks';

export const POST = withActor(checks.whatIf, async ({ db, actor, params, body, authorize }) => {
  authorize('checks.run', {});
  const set = await readChangeSet(db, params.setId);
  await authorizeOnSet(db, actor, authorize, set.header, 'changeSet.read');
  const asked = body.checks.map((c) => ({ ...c, subject: toSubject(c.subject) }));
  return checkAfterChangeSet(db, { set, checks: asked, explain: body.explain, mayAsk: mayAskAs(actor) });
});

// POST /api/v1/checks/batch – up to 100 checks in one call, each answered or its error, in order
import { withActor } from '@/lib/api/with-actor';
import { checkOperations as checks } from '@/lib/api/operations/checks';
import { checkBatch, toSubject } from '@/lib/checks';

export const POST = withActor(checks.batch, async (ctx) => {
  ctx.authorize('checks.run', {});
  const { explain, consistency } = ctx.body;
  const inputs = ctx.body.checks.map((c) => ({ ...c, subject: toSubject(c.subject) }));
  // A check the caller may not ask about answers access.explain's refusal in its place.
  const mayAsk = (unit: { id: string; path: string }, userId?: string) => Boolean(ctx.authorize('access.explain', { unit, userId }));
  return checkBatch(ctx.db, inputs, { explain, consistency, mayAsk });
});

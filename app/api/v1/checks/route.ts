// POST /api/v1/checks – may this person do this here (and on request why)?
import { withActor } from '@/lib/api/with-actor';
import { checkOperations as checks } from '@/lib/api/operations/checks';
import { check, toSubject } from '@/lib/checks';

export const POST = withActor(checks.check, async (ctx) => {
  ctx.authorize('checks.run', {});
  const { subject, permission, unitId, explain, consistency } = ctx.body;
  // A unit or subject the caller may not ask about answers access.explain's refusal.
  const mayAsk = (unit: { id: string; path: string }, userId?: string) => Boolean(ctx.authorize('access.explain', { unit, userId }));
  return check(ctx.db, { subject: toSubject(subject), permission, unitId }, { explain, consistency, mayAsk });
});

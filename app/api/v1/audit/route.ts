// GET /api/v1/audit?unitId=&actorId=&action=&from=&to=&cursor= – a page of the organization's
// history, or one unit's, optionally narrowed by actor, action and time
import { withActor } from '@/lib/api/with-actor';
import { audit } from '@/lib/api/operations/audit';
import { getUnitOrThrow } from '@/lib/org';
import { auditPage } from '@/lib/screens/audit';
import { auditLineFilter } from '@/lib/screens/audit-query';

export const GET = withActor(audit.list, async (ctx) => {
  const unit = ctx.query.unitId ? await getUnitOrThrow(ctx.db, ctx.query.unitId) : undefined;
  return auditPage(ctx, { unit, cursor: ctx.query.cursor, filter: auditLineFilter(ctx.query) });
});

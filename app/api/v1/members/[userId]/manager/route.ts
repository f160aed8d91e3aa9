// GET /api/v1/members/[userId]/manager – the person's manager (members.read where they are)
// PUT /api/v1/members/[userId]/manager – set or clear it (reportingLine.change)
import { withActor } from '@/lib/api/with-actor';
import { reportingLines } from '@/lib/api/operations/reporting-lines';
import { changeManager, loadManager } from '@/lib/screens/reporting-lines';

export const GET = withActor(reportingLines.getManager, async (ctx) => loadManager(ctx, ctx.params.userId));

export const PUT = withActor(reportingLines.setManager, async (ctx) =>
  changeManager(ctx, ctx.params.userId, { managerId: ctx.body.managerId, ...(ctx.body.expectedVersion !== undefined ? { expectedVersion: ctx.body.expectedVersion } : {}) }),
);

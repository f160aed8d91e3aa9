// GET /api/v1/members/[userId]/reports – a page of the person's direct reports (members.read where they are)
import { withActor } from '@/lib/api/with-actor';
import { reportingLines } from '@/lib/api/operations/reporting-lines';
import { loadReports } from '@/lib/screens/reporting-lines';

export const GET = withActor(reportingLines.listReports, async (ctx) =>
  loadReports(ctx, ctx.params.userId, { cursor: ctx.query.cursor ?? null, ...(ctx.query.limit !== undefined ? { limit: ctx.query.limit } : {}) }),
);

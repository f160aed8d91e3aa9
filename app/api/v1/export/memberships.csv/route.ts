// GET /api/v1/export/memberships.csv – every membership as CSV, streamed (T4 for names, T7 pages)
import { withActor } from '@/lib/api/with-actor';
import { bulk } from '@/lib/api/operations/bulk';
import { csvStream, exportResponse, exportRoot, membershipsCsv } from '@/lib/bulk';

export const GET = withActor(bulk.exportMemberships, async (ctx) => {
  ctx.authorize('tenant.export', {});
  const { root, name } = await exportRoot(ctx.db);
  return exportResponse(csvStream(membershipsCsv(ctx.db, root)), name, 'memberships');
});

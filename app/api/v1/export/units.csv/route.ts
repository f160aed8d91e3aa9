// GET /api/v1/export/units.csv – the organization's tree as CSV, streamed (T4 pages)
import { withActor } from '@/lib/api/with-actor';
import { bulk } from '@/lib/api/operations/bulk';
import { csvStream, exportResponse, exportRoot, unitsCsv } from '@/lib/bulk';

export const GET = withActor(bulk.exportUnits, async (ctx) => {
  ctx.authorize('tenant.export', {});
  const { root, name } = await exportRoot(ctx.db);
  return exportResponse(csvStream(unitsCsv(ctx.db, root)), name, 'units');
});

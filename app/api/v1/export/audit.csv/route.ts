// GET /api/v1/export/audit.csv?unitId=&actorId=&action=&from=&to= – the filtered history as CSV,
// streamed page by page, authorized like the audit read it exports
import { withActor } from '@/lib/api/with-actor';
import { bulk } from '@/lib/api/operations/bulk';
import { csvStream } from '@/lib/bulk';
import { getUnitOrThrow } from '@/lib/org';
import { auditCsv } from '@/lib/screens/audit';
import { auditLineFilter } from '@/lib/screens/audit-query';

export const GET = withActor(bulk.exportAudit, async (ctx) => {
  const unit = ctx.query.unitId ? await getUnitOrThrow(ctx.db, ctx.query.unitId) : undefined;
  ctx.authorize('audit.read', unit ? { unit } : {});
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(auditCsv(ctx, { unit, filter: auditLineFilter(ctx.query) })), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});

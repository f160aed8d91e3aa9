// GET /api/v1/chart/export?kind=&format=&rootId=&paper=&collapsed= – the chart as an SVG, PNG or
// PDF attachment, authorized as the chart it draws
import { withActor } from '@/lib/api/with-actor';
import { chart } from '@/lib/api/operations/chart';
import { exportChart } from '@/lib/chart/server';

export const GET = withActor(chart.export, async ({ db, actor, query, authorize }) => {
  const file = await exportChart(db, actor, query, authorize);
  return new Response(new Uint8Array(file.body), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': file.disposition,
      'content-length': String(file.body.length),
      'cache-control': 'no-store',
    },
  });
});

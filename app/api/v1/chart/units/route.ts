// GET /api/v1/chart/units?rootId= – the unit tree below a unit as the chart draws it (tree.read on the root)
import { withActor } from '@/lib/api/with-actor';
import { chart } from '@/lib/api/operations/chart';
import { loadUnitChart } from '@/lib/chart/server';

export const GET = withActor(chart.units, async ({ db, actor, query, authorize }) =>
  loadUnitChart(db, actor, { rootId: query.rootId, authorize }),
);

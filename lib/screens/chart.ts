// /chart: the organization as a picture (docs/org-chart.md, "The chart in the console"). One
// chart read per screen: the unit tree below the root (or the viewer's top), or the reporting
// lines; lib/chart's loaders keep to what the viewer may see, as the tree browser does.
import 'server-only';
import type { PeopleChart, UnitChart } from '../chart';
import { loadPeopleChart, loadUnitChart } from './chart-stub';
import type { ScreenContext } from './screen-context';

export type ChartView = 'units' | 'people';

export type ChartScreen =
  | { view: 'units'; chart: UnitChart; focusId?: string }
  | { view: 'people'; chart: PeopleChart; focusId?: string };

/** The address's ?view=&root=&focus=, each checked for shape (an id the loader then reads or refuses). */
export interface ChartQuery {
  view?: string;
  root?: string;
  focus?: string;
}

const ID = /^[0-9A-Za-z_-]{1,64}$/;
const id = (raw?: string) => (raw && ID.test(raw) ? raw : undefined);

export async function loadChartScreen(ctx: ScreenContext, query: ChartQuery): Promise<ChartScreen> {
  // The loaders keep to the subtrees the viewer's memberships cover and refuse a root outside them.
  ctx.authorize('tenant.read', {});
  const focusId = id(query.focus);
  if (query.view === 'people') {
    return { view: 'people', chart: await loadPeopleChart(ctx.db, ctx.actor, { rootUserId: id(query.root) }), focusId };
  }
  return { view: 'units', chart: await loadUnitChart(ctx.db, ctx.actor, { rootId: id(query.root) }), focusId };
}

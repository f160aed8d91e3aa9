// /chart: the organization as a picture (docs/org-chart.md, "The chart in the console"). One
// chart read per screen: the unit tree below the root (or the viewer's top), or the reporting
// lines; lib/chart's loaders keep to what the viewer may see, as the tree browser does.
import 'server-only';
import type { PeopleChart, UnitChart } from '../chart';
import { loadPeopleChart, loadUnitChart } from '../chart/server';
import type { ScreenContext } from './screen-context';

export type ChartView = 'units' | 'people';

export type ChartScreen =
  | { view: 'units'; chart: UnitChart; focusId?: string }
  | { view: 'people'; chart: PeopleChart; focusId?: string };

/** The address's ?view=&root=&focus= (an id the loader reads or refuses). */
export interface ChartQuery {
  view?: string;
  root?: string;
  focus?: string;
}

/** Longer than any id: refused before a read (the loaders check the shape of the rest). */
const MAX_ID = 128;
const id = (raw?: string) => (raw ? raw.slice(0, MAX_ID + 1) : undefined);

export async function loadChartScreen(ctx: ScreenContext, query: ChartQuery): Promise<ChartScreen> {
  // The loaders authorize with the screen's own check: tree.read at the root, members.read (or
  // members.list) for the people chart; a root outside what the viewer sees is refused.
  const authorize = ctx.authorize;
  const focusId = id(query.focus);
  if (query.view === 'people') {
    return { view: 'people', chart: await loadPeopleChart(ctx.db, ctx.actor, { rootUserId: id(query.root), authorize }), focusId };
  }
  return { view: 'units', chart: await loadUnitChart(ctx.db, ctx.actor, { rootId: id(query.root), authorize }), focusId };
}

// The unit chart's data (GET /api/v1/chart/units, the console's chart, the exports): the unit tree
// below a root, as far as the viewer may see, with who leads each unit.
//
// Reads, in parallel after the root's GetItem: the subtree (T4, one Query paged internally, up to
// CHART_LIMITS.maxUnits units), the breadcrumb (T5, one BatchGetItem, only when a root was asked
// for), the tenant's settings (T1, its name for the header), and, only when the tenant's catalogue
// has roles that lead, the subtree's memberships holding them (T7, one filtered Query).
import 'server-only';
import { authorize as decide, can, topUnitIds, type ActorAccess, type Authorize } from '../authz';
import { pathIds, type TenantDb } from '../db';
import { getBreadcrumb, getUnit, getUnitOrThrow, listSubtree, type Unit } from '../org';
import { readRoleCatalogue } from '../roles';
import { getTenantSettings } from '../tenants';
import { customLeaders } from './custom-leaders';
import { chartTooLarge } from './errors';
import { CHART_LIMITS } from './limits';
import type { ChartUnit, UnitChart } from './types';
import { builtInLeaders, leadingRoles, mergeLeaders } from './unit-leaders';

export interface UnitChartOptions {
  /** The chart's top; default: the viewer's top (the root for owners and admins). */
  rootId?: string;
  /** The entry point's authorize (binds its decisions); default: lib/authz's, deciding only. */
  authorize?: Authorize;
  /** At most this many units (default CHART_LIMITS.maxUnits); more answers `chart.tooLarge`. */
  maxUnits?: number;
}

/** The largest T4 page: fewest requests for a large chart (1 MB of index entries per page at most). */
const SUBTREE_PAGE_SIZE = 1000;

export async function loadUnitChart(db: TenantDb, viewer: ActorAccess, options: UnitChartOptions = {}): Promise<UnitChart> {
  const authorize: Authorize = options.authorize ?? ((action, place) => decide(viewer, action, place));
  const max = options.maxUnits ?? CHART_LIMITS.maxUnits;
  const root = options.rootId ? await getUnitOrThrow(db, options.rootId) : await defaultRoot(db, viewer);
  authorize('tree.read', { unit: root });

  const catalogue = viewer.catalogue ?? readRoleCatalogue(db);
  const [units, breadcrumb, settings, custom] = await Promise.all([
    readSubtree(db, root, max),
    options.rootId ? visibleBreadcrumb(db, viewer, root) : [],
    getTenantSettings(db),
    Promise.resolve(catalogue).then((c) => customLeaders(db, root.path, leadingRoles(c))),
  ]);

  const inChart = new Set(units.map((u) => u.id));
  return {
    tenantName: settings.name,
    generatedAt: new Date().toISOString(),
    rootId: root.id,
    breadcrumb,
    units: units.map((u) => toChartUnit(u, root.id, custom.get(u.id) ?? [])),
    viewerUnitIds: [...new Set(viewer.memberships.map((g) => g.unitId))].filter((id) => inChart.has(id)),
  };
}

/** The viewer's first top unit; a top deleted a moment ago is skipped for the next. */
async function defaultRoot(db: TenantDb, viewer: ActorAccess): Promise<Unit> {
  const tops = topUnitIds(viewer);
  for (const id of tops) {
    const unit = await getUnit(db, id);
    if (unit) return unit;
  }
  return getUnitOrThrow(db, tops[0] ?? '');
}

/** Every unit of the subtree in path order, page by page, refusing past `max`. */
async function readSubtree(db: TenantDb, root: Unit, max: number): Promise<Unit[]> {
  const units: Unit[] = [];
  let cursor: string | undefined;
  do {
    const page = await listSubtree(db, root, { cursor, limit: SUBTREE_PAGE_SIZE });
    units.push(...page.items);
    if (units.length > max) throw chartTooLarge(units.length, max);
    cursor = page.nextCursor;
  } while (cursor);
  return units;
}

/** The root's ancestors the viewer may see (a manager's chart stops at their own unit). */
async function visibleBreadcrumb(db: TenantDb, viewer: ActorAccess, root: Unit) {
  const ids = pathIds(root.path);
  const firstVisible = ids.findIndex((_, i) => can(viewer, 'tree.read', { unit: { id: ids[i], path: `/${ids.slice(0, i + 1).join('/')}/` } }));
  if (firstVisible < 0 || firstVisible >= ids.length - 1) return [];
  const crumbs = await getBreadcrumb(db, root);
  const visible = new Set(ids.slice(firstVisible, -1));
  return crumbs.filter((c) => visible.has(c.id));
}

function toChartUnit(u: Unit, rootId: string, custom: ReturnType<typeof builtInLeaders>): ChartUnit {
  const leaders = mergeLeaders(builtInLeaders(u), custom);
  return {
    id: u.id,
    parentId: u.id === rootId ? null : u.parentId,
    name: u.name,
    depth: u.depth,
    memberCount: u.memberCount,
    childCount: u.childCount,
    leaders: leaders.slice(0, CHART_LIMITS.leadersPerCard),
    leaderCount: leaders.length,
  };
}

// TEMPORARY: stands in for lib/chart's loadUnitChart / loadPeopleChart until i35-core lands them.
import 'server-only';
import type { ActorAccess } from '../authz';
import type { TenantDb } from '../db';
import type { PeopleChart, UnitChart } from '../chart';
import { getBreadcrumb, getUnitOrThrow, listSubtree, type Unit } from '../org';
import { topUnitIds } from './tree';

const ROLE_NAMES: Record<string, string> = { owner: 'Owner', admin: 'Admin', manager: 'Manager' };

export async function loadUnitChart(db: TenantDb, viewer: ActorAccess, { rootId }: { rootId?: string }): Promise<UnitChart> {
  const top = await getUnitOrThrow(db, rootId ?? topUnitIds(viewer)[0]);
  const units: Unit[] = [];
  let cursor: string | undefined;
  do {
    const page = await listSubtree(db, top, { cursor, limit: 1000 });
    units.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const ids = new Set(units.map((u) => u.id));
  return {
    tenantName: '',
    generatedAt: new Date().toISOString(),
    rootId: top.id,
    breadcrumb: top.parentId ? await getBreadcrumb(db, top) : [],
    units: units.map((u) => {
      const leaders = Object.entries(u.administrators ?? {}).map(([userId, a]) => ({
        userId, name: a.name, role: a.role, roleName: ROLE_NAMES[a.role] ?? a.role,
        initials: a.name.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase(),
      }));
      return { id: u.id, parentId: u.id === top.id ? null : u.parentId, name: u.name, depth: u.depth, memberCount: u.memberCount, childCount: u.childCount, leaders: leaders.slice(0, 3), leaderCount: leaders.length };
    }),
    viewerUnitIds: viewer.memberships.map((g) => g.unitPath.split('/').filter(Boolean).at(-1)!).filter((id) => ids.has(id)),
  };
}

export async function loadPeopleChart(_db: TenantDb, viewer: ActorAccess, _options: { rootUserId?: string }): Promise<PeopleChart> {
  return { tenantName: '', generatedAt: new Date().toISOString(), people: [], viewerUserId: viewer.userId };
}

// The server-side data loading of each admin screen, as data sets (what the page shows) and the
// lib calls that load them. Every console page also renders the shell: the session's actor
// (T8, re-read on every request), the header's tenant switcher (P2, platform credentials) and
// the tenant's name (T1). Used when lib/screens (the console's own loaders) is not there.
import { listTenantAudit } from '../../lib/audit';
import { keys, type PlatformDb, type TenantDb } from '../../lib/db';
import { getUserMemberships, listTenantMembers, listUnitMembers } from '../../lib/members';
import { getBreadcrumb, getUnitOrThrow, listChildren, listSubtree } from '../../lib/org';
import { batchGet } from '../../lib/org/unit-reads';
import { getTenantSettings } from '../../lib/tenants/settings';
import { listUserTenants } from '../../lib/users';

export interface DataSet {
  name: string;
  /** Access pattern(s) in docs/data-model.md. */
  pattern: string;
  load(): Promise<unknown>;
}

export interface ScreenSpec {
  name: string;
  route: string;
  dataSets: DataSet[];
}

export interface ScreenSubjects {
  db: TenantDb;
  platform: PlatformDb;
  /** The signed-in person (the tenant's owner). */
  actorUserId: string;
  rootUnitId: string;
  /** A unit with a parent chain, children and members (its path is what T2 returns). */
  unit: { id: string; path: string };
  /** A person with several memberships. */
  memberUserId: string;
}

function shell(s: ScreenSubjects, tenantNameLoads = 1): DataSet[] {
  return [
    { name: 'actor (session re-check)', pattern: 'T8', load: () => getUserMemberships(s.db, s.actorUserId) },
    { name: 'tenant switcher', pattern: 'P2', load: () => listUserTenants(s.platform, s.actorUserId) },
    {
      name: tenantNameLoads > 1 ? 'tenant settings (header and page)' : 'tenant settings (header)',
      pattern: 'T1',
      load: async () => {
        for (let i = 0; i < tenantNameLoads; i++) await getTenantSettings(s.db);
      },
    },
  ];
}

export function screenSpecs(s: ScreenSubjects): ScreenSpec[] {
  return [
    {
      name: 'Tree root',
      route: '/',
      // As app/(console)/page.tsx does today: settings again, then the first T4 page.
      dataSets: [...shell(s, 2), { name: 'tree (first page)', pattern: 'T4', load: () => listSubtree(s.db, s.rootUnitId) }],
    },
    {
      name: 'Unit page',
      route: '/units/[id]',
      dataSets: [
        ...shell(s),
        { name: 'unit', pattern: 'T2', load: () => getUnitOrThrow(s.db, s.unit.id) },
        // The page has the unit's path from T2 already.
        { name: 'breadcrumb', pattern: 'T5', load: () => getBreadcrumb(s.db, s.unit) },
        { name: 'children (first page)', pattern: 'T3', load: () => listChildren(s.db, s.unit.id) },
        { name: 'members (first page)', pattern: 'T6', load: () => listUnitMembers(s.db, s.unit.id) },
      ],
    },
    {
      name: 'Members page',
      route: '/members',
      dataSets: [...shell(s), { name: 'members and invitations (first page)', pattern: 'member list (GSI2)', load: () => listTenantMembers(s.db) }],
    },
    {
      name: 'Member page',
      route: '/members/[userId]',
      dataSets: [
        ...shell(s),
        {
          name: "person's units and roles",
          pattern: 'T8 + unit names (BatchGetItem)',
          load: async () => {
            const { memberships } = await getUserMemberships(s.db, s.memberUserId);
            return batchGet(s.db, memberships.map((m) => keys.unit(s.db.tenantId, m.unitId)), { projection: ['unitId', 'name'] });
          },
        },
      ],
    },
    {
      name: 'Audit page',
      route: '/audit',
      dataSets: [...shell(s), { name: 'audit trail (first page)', pattern: 'T14', load: () => listTenantAudit(s.db) }],
    },
  ];
}

// The people chart's data (GET /api/v1/chart/people): who reports to whom, among the people the
// viewer may see, exactly as the console's people screens show them.
//
// Owners and admins see everyone: the tenant's profiles (one GSI1 Query of the people list by
// joined date, paged internally; each profile carries its first units) and the names of the units
// people are drawn with (BatchGetItem, 100 units a request). Everyone else sees the members of
// the subtrees they belong to: T7 per top unit (one Query each, paged), whose pages carry their
// units' names. Then the reporting lines: for owners and admins the tenant's (one GSI2 Query,
// paged); for everyone else only those of the people they see (their `MANAGER` items by key,
// BatchGetItem of 100), so a manager of ten reads ten lines, not the tenant's. Lines to people
// the viewer may not see are left out.
import 'server-only';
import { authorize as decide, tenantRole, topUnitIds, type ActorAccess, type Authorize } from '../authz';
import { batchGet, INDEX, keys, queryPage, type TenantDb } from '../db';
import { listSubtreeMembers } from '../members';
import { listReportingLines, readLinesOf } from '../reporting-lines';
import { getTenantSettings } from '../tenants';
import { tooManyPeople } from './errors';
import { CHART_LIMITS } from './limits';
import { peopleTree, type VisiblePerson } from './people-tree';
import type { PeopleChart } from './types';

export interface PeopleChartOptions {
  /** Only this person's line down. */
  rootUserId?: string;
  /** The entry point's authorize; default: lib/authz's, deciding only. */
  authorize?: Authorize;
  /** At most this many people (default CHART_LIMITS.maxPeople). */
  maxPeople?: number;
}

const MEMBER_PAGE = 1000;

export async function loadPeopleChart(db: TenantDb, viewer: ActorAccess, options: PeopleChartOptions = {}): Promise<PeopleChart> {
  const authorize: Authorize = options.authorize ?? ((action, place) => decide(viewer, action, place));
  const max = options.maxPeople ?? CHART_LIMITS.maxPeople;
  const everyone = Boolean(tenantRole(viewer));
  if (everyone) authorize('members.list', {});
  else for (const unit of topUnits(viewer)) authorize('members.read', { unit });

  const [[people, lines], settings] = await Promise.all([
    everyone
      ? Promise.all([allPeople(db, max), listReportingLines(db)])
      : peopleBelow(db, viewer, max).then(async (seen) => [seen, await readLinesOf(db, seen.map((p) => p.userId))] as const),
    getTenantSettings(db),
  ]);
  return {
    tenantName: settings.name,
    generatedAt: new Date().toISOString(),
    people: peopleTree(people, lines, options.rootUserId),
    viewerUserId: viewer.userId,
  };
}

/** The viewer's top units with their paths, from their memberships (no read). */
function topUnits(viewer: ActorAccess) {
  const paths = new Map(viewer.memberships.map((g) => [g.unitId, g.unitPath]));
  return topUnitIds(viewer).map((id) => ({ id, path: paths.get(id)! }));
}

/** Every profile of the tenant, with the names of the units each is drawn with. */
async function allPeople(db: TenantDb, max: number): Promise<VisiblePerson[]> {
  // Page by page, so a tenant past the bound is refused after reading one page more than it, not all.
  const profiles: Record<string, unknown>[] = [];
  const scope = `chart-people:${db.tenantId}`;
  let cursor: string | undefined;
  do {
    const page = await queryPage(
      db,
      {
        IndexName: INDEX.gsi1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ProjectionExpression: '#userId, #name, #email, #units',
        ExpressionAttributeNames: { '#userId': 'userId', '#name': 'name', '#email': 'email', '#units': 'units' },
        ExpressionAttributeValues: { ':pk': keys.gsi1.membersByJoined(db.tenantId) },
      },
      { limit: MEMBER_PAGE, scope, cursor },
    );
    profiles.push(...page.items);
    if (profiles.length > max) throw tooManyPeople(max);
    cursor = page.nextCursor;
  } while (cursor);
  const people = profiles.map((p) => ({
    userId: String(p.userId),
    name: typeof p.name === 'string' ? p.name : '',
    email: typeof p.email === 'string' ? p.email : '',
    // A stored map keeps no order: the oldest unit (ULIDs sort by creation) is the one drawn with.
    units: Object.keys((p.units as Record<string, unknown> | undefined) ?? {}).sort().map((id) => ({ id }) as { id: string; name?: string }),
  }));
  const firstUnits = [...new Set(people.flatMap((p) => (p.units[0] ? [p.units[0].id] : [])))];
  const named = await batchGet(db, firstUnits.map((id) => keys.unit(db.tenantId, id)), { consistent: false, projection: ['unitId', 'name'] });
  const names = new Map(named.map((u) => [String(u.unitId), String(u.name)]));
  for (const p of people) if (p.units[0]) p.units[0].name = names.get(p.units[0].id);
  return people;
}

/** The members of the subtrees the viewer belongs to, each person once, their units in path order. */
async function peopleBelow(db: TenantDb, viewer: ActorAccess, max: number): Promise<VisiblePerson[]> {
  const people = new Map<string, VisiblePerson>();
  await Promise.all(
    topUnits(viewer).map(async (top) => {
      let cursor: string | undefined;
      do {
        const page = await listSubtreeMembers(db, top.path, { cursor, limit: MEMBER_PAGE });
        for (const m of page.items) {
          const unit = { id: m.unitId, name: page.units.get(m.unitId)?.name };
          const person = people.get(m.userId);
          if (person) person.units.push(unit);
          else people.set(m.userId, { userId: m.userId, name: m.name, email: m.email, units: [unit] });
        }
        if (people.size > max) throw tooManyPeople(max);
        cursor = page.nextCursor;
      } while (cursor);
    }),
  );
  return [...people.values()];
}

// 2. Requests per screen: each admin screen's server-side data loading at 10,000 units, counted
// per data set by the SDK middleware (requests, consumed read capacity) against the ideal: one
// request per data set, capacity = bytes of the distinct items shown / 4 KB / 2 (eventually
// consistent). Target: every data set of a screen's first page in at most 2 requests.
import { attachMeter } from '../support/meter';
import { meteredTenantDb, type BenchContext } from '../support/context';
import { readUnits } from '../support/item-size';
import { repeat, summarize, timed, type Summary } from '../support/stats';
import { screenSpecs, type ScreenSubjects } from './screen-specs';
import type { SeededTenant } from '../seed/seed-tenant';

export interface DataSetResult {
  name: string;
  pattern: string;
  requests: number;
  byCommand: Record<string, number>;
  readCapacity: number;
  idealReadCapacity: number;
  bytesShown: number;
  ms: Summary;
}

export interface ScreenResult {
  name: string;
  route: string;
  dataSets: DataSetResult[];
  requests: number;
  idealRequests: number;
  readCapacity: number;
  idealReadCapacity: number;
  maxRequestsPerDataSet: number;
  /** Data sets loaded one after another (the pages run some in parallel). */
  ms: Summary;
}

export interface ScreensResult {
  tenantUnits: number;
  source: string;
  subjects: { unitDepth: number; unitChildren: number; unitMembers: number; memberMemberships: number };
  screens: ScreenResult[];
}

/** A unit two levels down with the most children (then members), and the busiest person. */
export function pickSubjects(t: SeededTenant) {
  const candidates = t.units.filter((u) => u.depth === Math.min(3, Math.max(...t.units.map((x) => x.depth)))).filter((u) => u.memberCount > 0);
  const unit = [...(candidates.length ? candidates : t.units)].sort((a, b) => b.childCount - a.childCount || b.memberCount - a.memberCount)[0];
  const person = [...t.people].sort((a, b) => b.membershipCount - a.membershipCount)[0];
  return { unit, person };
}

export async function runScreens(ctx: BenchContext): Promise<ScreensResult> {
  const tenant = ctx.tenants.get(ctx.options.screenSize)!;
  const db = await meteredTenantDb(ctx, tenant.tenantId);
  const platform = ctx.tenancy.platformDb();
  attachMeter(platform.client, ctx.meter);
  const { unit, person } = pickSubjects(tenant);
  const subjects: ScreenSubjects = {
    db, platform, actorUserId: tenant.owner.id, rootUnitId: tenant.rootUnitId, unit: { id: unit.id, path: unit.path }, memberUserId: person.id,
  };
  const specs = screenSpecs(subjects);
  ctx.log(`screens: ${specs.length} screens at ${ctx.options.screenSize} units, ${ctx.options.runs} runs`);

  const samples = new Map<string, { ms: number[]; last?: Omit<DataSetResult, 'ms' | 'name' | 'pattern'> }>();
  await repeat(ctx.options.runs + 1, async (run) => {
    for (const screen of specs) {
      for (const set of screen.dataSets) {
        const { ms, value } = await timed(() => ctx.meter.measure(set.load));
        if (run === 0) continue; // warm-up
        const key = `${screen.name}/${set.name}`;
        const entry = samples.get(key) ?? { ms: [] };
        const c = value.counts;
        entry.ms.push(ms);
        entry.last = {
          requests: c.requests, byCommand: c.byCommand, readCapacity: c.readCapacity,
          idealReadCapacity: c.distinctBytes > 0 ? readUnits(c.distinctBytes) : 0, bytesShown: c.distinctBytes,
        };
        samples.set(key, entry);
      }
    }
  });

  const screens = specs.map((screen): ScreenResult => {
    const dataSets = screen.dataSets.map((set): DataSetResult => {
      const s = samples.get(`${screen.name}/${set.name}`)!;
      return { name: set.name, pattern: set.pattern, ...s.last!, ms: summarize(s.ms) };
    });
    const perRun = (i: number) => screen.dataSets.reduce((n, set) => n + samples.get(`${screen.name}/${set.name}`)!.ms[i], 0);
    return {
      name: screen.name, route: screen.route, dataSets,
      requests: dataSets.reduce((n, d) => n + d.requests, 0),
      idealRequests: dataSets.length,
      readCapacity: dataSets.reduce((n, d) => n + d.readCapacity, 0),
      idealReadCapacity: dataSets.reduce((n, d) => n + d.idealReadCapacity, 0),
      maxRequestsPerDataSet: Math.max(...dataSets.map((d) => d.requests)),
      ms: summarize(Array.from({ length: ctx.options.runs }, (_, i) => perRun(i))),
    };
  });
  return {
    tenantUnits: ctx.options.screenSize,
    source: 'lib calls each screen needs (lib/screens was not present)',
    subjects: { unitDepth: unit.depth, unitChildren: unit.childCount, unitMembers: unit.memberCount, memberMemberships: person.membershipCount },
    screens,
  };
}

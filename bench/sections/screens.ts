// 2. Requests per screen: each admin screen's server-side data loading (the console's own
// loaders in lib/screens, plus the shell every console page renders) at 10,000 units, counted by
// the SDK middleware on the tenant and platform clients, against the ideal: one request per data
// set, capacity = bytes of the distinct items shown / 4 KB / 2 (eventually consistent).
//
// A data set is what one loader reads through one access pattern (the requests' key shape:
// operation, index, partition key with ids blanked), so a loader that reads one pattern once
// per unit on a path shows as one data set in that many requests. A data set whose every key
// was already read by an earlier loader of the same screen is a repeat (not counted as ideal).
// The loaders of a view share one context, as a page's do (lib/api/read-once.ts), and run one
// after another here so each can be timed. Target: every data set of a view in one request.
import { attachMeter, roundTrips, type ReadRecord } from '../support/meter';
import { meteredTenantDb, type BenchContext } from '../support/context';
import { readUnits } from '../support/item-size';
import { patternOf } from '../support/patterns';
import { repeat, summarize, timed, type Summary } from '../support/stats';
import type { SeededTenant } from '../seed/seed-tenant';
import { newSessionId } from '../../lib/auth/session-token';
import { recordScreenSession, roleHolderScreenSpecs, screenContext, viewContext, screenSpecs, type ScreenPeople } from './screen-loaders';
import { getUserMemberships, setMembershipRoles } from '../../lib/members';
import { createPermission, createRole, readRoleCatalogue } from '../../lib/roles';
import { rawClient } from '../../test/support/raw-client';

export interface DataSetResult {
  loader: string;
  pattern: string;
  shape: string;
  requests: number;
  /** Distinct partitions (or key sets) the requests read. */
  partitions: number;
  /** Requests overlapping in time count once. */
  roundTrips: number;
  readCapacity: number;
  idealReadCapacity: number;
  bytesShown: number;
  /** The loader named here read exactly these keys already on this screen. */
  repeatOf?: string;
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
  /** Loaders run one after another (the pages run some in parallel). */
  ms: Summary;
  loaderMs: Record<string, Summary>;
}

export interface ScreensResult {
  tenantUnits: number;
  source: string;
  subjects: { unitDepth: number; unitChildren: number; unitMembers: number; memberMemberships: number };
  screens: ScreenResult[];
}

/** A unit three levels down with the most children (then members), and the busiest person. */
export function pickSubjects(t: SeededTenant) {
  const depth = Math.min(3, t.units.reduce((d, x) => Math.max(d, x.depth), 0));
  const candidates = t.units.filter((u) => u.depth === depth && u.memberCount > 0);
  const unit = [...(candidates.length ? candidates : t.units)].sort((a, b) => b.childCount - a.childCount || b.memberCount - a.memberCount)[0];
  const person = [...t.people].sort((a, b) => b.membershipCount - a.membershipCount)[0];
  return { unit, person };
}

/** The busiest person, given a custom role (Budget approver, reaching down) on their first unit. */
async function roleHolder(ctx: BenchContext, tenant: SeededTenant, people: ScreenPeople, person: SeededTenant['people'][number]): Promise<ScreenPeople> {
  const db = await ctx.tenancy.tenantDb(tenant.tenantId, { userId: tenant.owner.id });
  const owner = { userId: tenant.owner.id, email: tenant.owner.email, name: tenant.owner.name };
  if (!(await readRoleCatalogue(db, { fresh: true })).roles['budget-approver']) {
    await createPermission(db, owner, { key: 'expenses.approve', description: 'Approve expense reports' });
    await createRole(db, owner, { key: 'budget-approver', name: 'Budget approver', permissions: ['expenses.approve', 'tree.read'], reach: 'subtree' });
  }
  const [first] = (await getUserMemberships(db, person.id)).memberships;
  if (!first.roles?.includes('budget-approver')) {
    await setMembershipRoles(db, owner, { unitId: first.unitId, userId: person.id, roles: ['budget-approver'], expectedVersion: first.version });
  }
  return { ...people, actor: { userId: person.id, email: person.email, name: person.name }, unitId: first.unitId, sessionId: newSessionId() };
}

function dataSets(perLoader: { loader: string; reads: ReadRecord[] }[]): DataSetResult[] {
  const out: DataSetResult[] = [];
  const seenKeys = new Map<string, string>(); // exact key → first loader that read it
  for (const { loader, reads } of perLoader) {
    const groups = new Map<string, ReadRecord[]>();
    for (const r of reads) groups.set(r.shape, [...(groups.get(r.shape) ?? []), r]);
    for (const [shape, group] of groups) {
      const items = new Map(group.flatMap((r) => r.items));
      const bytes = [...items.values()].reduce((n, b) => n + b, 0);
      const earlier = group.every((r) => seenKeys.has(r.key)) ? seenKeys.get(group[0].key) : undefined;
      out.push({
        loader, shape, pattern: patternOf(shape), requests: group.length,
        partitions: new Set(group.map((r) => r.key)).size, roundTrips: roundTrips(group),
        readCapacity: group.reduce((n, r) => n + r.capacity, 0),
        idealReadCapacity: earlier || bytes === 0 ? 0 : readUnits(bytes),
        bytesShown: bytes,
        ...(earlier ? { repeatOf: earlier } : {}),
      });
    }
    for (const r of reads) if (!seenKeys.has(r.key)) seenKeys.set(r.key, loader);
  }
  return out;
}

export async function runScreens(ctx: BenchContext): Promise<ScreensResult> {
  const tenant = ctx.tenants.get(ctx.options.screenSize)!;
  await meteredTenantDb(ctx, tenant.tenantId);
  const platform = ctx.tenancy.platformDb();
  attachMeter(rawClient(platform), ctx.meter);
  const { unit, person } = pickSubjects(tenant);
  const people: ScreenPeople = {
    tenantId: tenant.tenantId, actor: { userId: tenant.owner.id, email: tenant.owner.email, name: tenant.owner.name },
    rootUnitId: tenant.rootUnitId, unitId: unit.id, memberUserId: person.id, sessionId: newSessionId(),
  };
  const holder = await roleHolder(ctx, tenant, people, person);
  const specs = [...screenSpecs(ctx.tenancy, platform, people), ...roleHolderScreenSpecs(ctx.tenancy, platform, holder)];
  ctx.log(`screens: ${specs.length} screens at ${ctx.options.screenSize.toLocaleString('en')} units, ${ctx.options.runs} runs`);

  await recordScreenSession(ctx.tenancy, platform, people);
  await recordScreenSession(ctx.tenancy, platform, holder);
  const screenCtx = await screenContext(ctx.tenancy, people);
  const holderCtx = await screenContext(ctx.tenancy, holder);
  const timings = new Map<string, number[]>();
  const lastReads = new Map<string, { loader: string; reads: ReadRecord[] }[]>();
  await repeat(ctx.options.runs + 1, async (run) => {
    for (const screen of specs) {
      const perLoader: { loader: string; reads: ReadRecord[] }[] = [];
      const view = await viewContext((screen.name.endsWith('custom role holder') ? holderCtx : screenCtx).actor);
      for (const loader of screen.loaders) {
        const { ms, value } = await timed(() => ctx.meter.measure(() => loader.load(view)));
        perLoader.push({ loader: loader.name, reads: value.counts.reads });
        if (run === 0) continue; // warm-up
        const key = `${screen.name}/${loader.name}`;
        timings.set(key, [...(timings.get(key) ?? []), ms]);
      }
      lastReads.set(screen.name, perLoader);
    }
  });

  const screens = specs.map((screen): ScreenResult => {
    const sets = dataSets(lastReads.get(screen.name)!);
    const loaderMs = Object.fromEntries(screen.loaders.map((l) => [l.name, summarize(timings.get(`${screen.name}/${l.name}`)!)]));
    const perRun = (i: number) => screen.loaders.reduce((n, l) => n + timings.get(`${screen.name}/${l.name}`)![i], 0);
    return {
      name: screen.name, route: screen.route, dataSets: sets,
      requests: sets.reduce((n, d) => n + d.requests, 0),
      idealRequests: sets.filter((d) => !d.repeatOf).length,
      readCapacity: sets.reduce((n, d) => n + d.readCapacity, 0),
      idealReadCapacity: sets.reduce((n, d) => n + d.idealReadCapacity, 0),
      maxRequestsPerDataSet: Math.max(...sets.map((d) => d.requests)),
      ms: summarize(Array.from({ length: ctx.options.runs }, (_, i) => perRun(i))),
      loaderMs,
    };
  });
  return {
    tenantUnits: ctx.options.screenSize,
    source: 'the console\'s loaders (lib/screens) and the console shell (requireActor, ConsoleHeader)',
    subjects: { unitDepth: unit.depth, unitChildren: unit.childCount, unitMembers: unit.memberCount, memberMemberships: person.membershipCount },
    screens,
  };
}

// 1. Subtree read: Arbor's materialized-path Query (lib/org listSubtree, every page of up to
// 1,000 units) against the naive adjacency-list traversal (one Query of the children index per
// unit, level by level, 32 in flight), and the same traversal pruned by childCount (no Query for
// a leaf) as the best a careful engineer could do with an adjacency list and counters. A third
// Arbor variant reads the root's children (T3) and then each child's subtree (T4) concurrently:
// the same materialized-path pages, split into disjoint path ranges that load in parallel.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, type TenantDb } from '../../lib/db';
import { getUnitOrThrow, listChildren, listSubtree } from '../../lib/org';
import { mapLimit } from '../../lib/org/map-limit';
import { meteredTenantDb, type BenchContext } from '../support/context';
import type { MeterCounts } from '../support/meter';
import { ratio, repeat, summarizeFields, timed, type Summary } from '../support/stats';

export const NAIVE_PARALLELISM = 32;
const FIELDS = ['ms', 'requests', 'readCapacity', 'readCapacityBilled', 'units'] as const;
type Field = (typeof FIELDS)[number];

export interface SubtreeReadResult {
  size: number;
  arbor: Record<Field, Summary>;
  arborParallel: Record<Field, Summary>;
  naive: Record<Field, Summary>;
  naivePruned: Record<Field, Summary>;
  ratios: {
    requests: number; readCapacity: number; readCapacityBilled: number; wallTime: number; prunedRequests: number; prunedWallTime: number;
    parallelRequests: number; parallelWallTime: number; parallelPrunedWallTime: number;
  };
}

async function arborRead(db: TenantDb, root: { id: string; path: string }) {
  let units = 0;
  let cursor: string | undefined;
  do {
    const page = await listSubtree(db, root, { limit: 1000, cursor });
    units += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return units;
}

/** The root's children (T3), then every child's subtree (T4, all pages) at the same time. */
async function arborParallelRead(db: TenantDb, root: { id: string; path: string }) {
  const kids: { id: string; path: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await listChildren(db, root.id, { limit: 100, cursor });
    kids.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const counts = await mapLimit(kids, NAIVE_PARALLELISM, (kid) => arborRead(db, kid));
  return 1 + counts.reduce((n, c) => n + c, 0);
}

/** Every child of `parentId` (all pages of the children index, GSI2). */
async function children(db: TenantDb, parentId: string) {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: INDEX.gsi2,
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.gsi2.children(db.tenantId, parentId) },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

async function naiveRead(db: TenantDb, rootId: string, prune: boolean) {
  let units = 1;
  let level: { id: string; childCount: number }[] = [{ id: rootId, childCount: 1 }];
  while (level.length > 0) {
    const parents = prune ? level.filter((u) => u.childCount > 0) : level;
    const found = (await mapLimit(parents, NAIVE_PARALLELISM, (u) => children(db, u.id))).flat();
    units += found.length;
    level = found.map((i) => ({ id: i.unitId as string, childCount: i.childCount as number }));
  }
  return units;
}

export async function runSubtreeRead(ctx: BenchContext): Promise<SubtreeReadResult[]> {
  const results: SubtreeReadResult[] = [];
  for (const size of ctx.options.sizes) {
    const tenant = ctx.tenants.get(size)!;
    const db = await meteredTenantDb(ctx, tenant.tenantId);
    const root = await getUnitOrThrow(db, tenant.rootUnitId);
    const measure = async (read: () => Promise<number>) => {
      const { ms, value } = await timed(() => ctx.meter.measure(read));
      const counts: MeterCounts = value.counts;
      if (value.value !== size) throw new Error(`subtree read found ${value.value} units, expected ${size}`);
      return { ms, requests: counts.requests, readCapacity: counts.readCapacity, readCapacityBilled: counts.readCapacityBilled, units: value.value };
    };
    // The slow traversal gets fewer runs at the larger sizes so the default run stays short.
    const naiveRuns = Math.min(size >= 100_000 ? 1 : size >= 10_000 ? 2 : 3, ctx.options.runs);
    ctx.log(`subtree read: ${size} units (${ctx.options.runs} runs Arbor, ${naiveRuns} naive)`);
    await arborRead(db, root); // warm-up: connections and the JIT, not the cache (there is none)
    const arbor = await repeat(ctx.options.runs, () => measure(() => arborRead(db, root)));
    const arborParallel = await repeat(ctx.options.runs, () => measure(() => arborParallelRead(db, root)));
    const naive = await repeat(naiveRuns, () => measure(() => naiveRead(db, root.id, false)));
    const naivePruned = await repeat(naiveRuns, () => measure(() => naiveRead(db, root.id, true)));
    const a = summarizeFields(arbor, FIELDS);
    const ap = summarizeFields(arborParallel, FIELDS);
    const n = summarizeFields(naive, FIELDS);
    const p = summarizeFields(naivePruned, FIELDS);
    results.push({
      size, arbor: a, arborParallel: ap, naive: n, naivePruned: p,
      ratios: {
        requests: ratio(n.requests, a.requests),
        readCapacity: ratio(n.readCapacity, a.readCapacity),
        readCapacityBilled: ratio(n.readCapacityBilled, a.readCapacityBilled),
        wallTime: ratio(n.ms, a.ms),
        prunedRequests: ratio(p.requests, a.requests),
        prunedWallTime: ratio(p.ms, a.ms),
        parallelRequests: ratio(n.requests, ap.requests),
        parallelWallTime: ratio(n.ms, ap.ms),
        parallelPrunedWallTime: ratio(p.ms, ap.ms),
      },
    });
  }
  return results;
}

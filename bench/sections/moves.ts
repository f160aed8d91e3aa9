// 3. Moves and deletes: subtrees of 10, 1,000 and 10,000 units with their members, moved back
// and forth between two parents with lib/org moveUnit, and deleted whole with deleteUnit (one
// transaction when it fits, else the journaled job, run to the end). Wall time, requests and
// items written (and per item changed), the time the subtree refuses edits (a job's lock window,
// from its first lock to its last unlock), and throughput in items changed per second (units +
// both items of each membership) against the raw write throughput of the same DynamoDB Local
// measured in the same run: BatchWriteItem of as many items of the same shapes, straight to
// DynamoDB Local (the engine floor) and through the gateway with tenant credentials (the path
// the change takes).
import { ulid } from 'ulid';
import { unitMemberItem, userMembershipItem } from '../../lib/members/membership-items';
import { deleteUnit, getTreeJob, getUnitOrThrow, moveUnit, type TreeJobOptions } from '../../lib/org';
import { unitItem } from '../../lib/org/unit-item';
import { nameWordTexts } from '../../lib/items/name-words';
import { bulkPut } from '../../scripts/seed/bulk-put';
import { meteredTenantDb, type BenchContext } from '../support/context';
import { ratio, repeat, summarize, timed, type Summary } from '../support/stats';
import { seedMoveTenant, treeRuns } from '../seed/seed-all';
import type { SeededTenant } from '../seed/seed-tenant';
import { rawClient } from '../../test/support/raw-client';

/** Requests in flight for the raw floor (the move itself sends one transaction at a time). */
export const RAW_CONCURRENCY = 8;

export interface MoveResult {
  /** Absent in results written before deletes were measured: a move. */
  operation?: 'move' | 'delete';
  units: number;
  memberships: number;
  /**
   * The items the operation must change: a move, units + 2 × memberships; a delete, also the
   * units' name claims and words and the members' profiles (with their words when deleted).
   */
  itemsChanged: number;
  mode: 'transaction' | 'job';
  ms: Summary;
  writeRequests: Summary;
  itemsWritten: Summary;
  readRequests: Summary;
  writeCapacity: Summary;
  itemsPerSecond: Summary;
  /** Items written ÷ items changed (medians). */
  writeAmplification?: number;
  /** Jobs: from the first lock to the last unlock, as the job reports its progress (ms). */
  lockWindowMs?: Summary;
  raw: { direct: { ms: Summary; itemsPerSecond: Summary }; gateway: { ms: Summary; itemsPerSecond: Summary } };
  /** Move throughput / raw throughput (medians). */
  ratioToRawDirect: number;
  ratioToRawGateway: number;
}

function subtreeOf(t: SeededTenant, topId: string) {
  const top = t.units.find((u) => u.id === topId)!;
  const units = t.units.filter((u) => u.path.startsWith(top.path));
  const inside = new Set(units.map((u) => u.id));
  const memberships = t.memberships.filter((m) => inside.has(m.unitId));
  return { units, memberships };
}

/** Items of the same shapes and sizes as the subtree's, under a scratch tenant of their own. */
function rawItems(t: SeededTenant, sub: ReturnType<typeof subtreeOf>) {
  const scratch = ulid();
  const now = new Date().toISOString();
  const people = new Map(t.people.map((p) => [p.id, p]));
  const items: Record<string, unknown>[] = sub.units.map((u) =>
    unitItem({ tenantId: scratch, id: u.id, name: u.name, parentId: u.parentId, path: u.path, depth: u.depth, childCount: u.childCount, memberCount: u.memberCount, version: 1, createdAt: now, updatedAt: now }),
  );
  for (const m of sub.memberships) {
    const p = people.get(m.userId)!;
    const membership = {
      tenantId: scratch, unitId: m.unitId, userId: m.userId, role: m.role, email: p.email, name: p.name,
      unitPath: sub.units.find((u) => u.id === m.unitId)!.path, version: 1, createdAt: now, updatedAt: now,
    };
    items.push(unitMemberItem(membership), userMembershipItem(membership));
  }
  return { scratch, items };
}

/**
 * The items a recursive delete must remove or change: each unit with its name claim and name
 * words, both items of each membership, each member's profile (counted down, or deleted with its
 * name words when the subtree held all of that person's memberships).
 */
function itemsADeleteChanges(t: SeededTenant, sub: ReturnType<typeof subtreeOf>): number {
  const units = sub.units.reduce((n, u) => n + 2 + nameWordTexts(u.name).length, 0);
  const inside = new Set(sub.units.map((u) => u.id));
  const people = new Set(sub.memberships.map((m) => m.userId));
  const staying = new Set(t.memberships.filter((m) => !inside.has(m.unitId)).map((m) => m.userId));
  const names = new Map(t.people.map((p) => [p.id, p.name]));
  const profiles = [...people].reduce((n, id) => n + 1 + (staying.has(id) ? 0 : nameWordTexts(names.get(id) ?? '').length), 0);
  return units + 2 * sub.memberships.length + profiles;
}

/** Times a job's lock window from its progress reports: the first lock batch to 'done'. */
function lockWatch() {
  let locked: number | undefined;
  let unlocked: number | undefined;
  const options: TreeJobOptions = {
    onProgress: (p) => {
      locked ??= performance.now();
      if (p.status === 'done') unlocked = performance.now();
    },
  };
  return { options, windowMs: () => (locked !== undefined && unlocked !== undefined ? unlocked - locked : undefined) };
}

export async function runMoves(ctx: BenchContext): Promise<MoveResult[]> {
  const tenant = await seedMoveTenant(ctx);
  const db = await meteredTenantDb(ctx, tenant.tenantId);
  const holders = tenant.units.filter((u) => u.name === 'Holder A' || u.name === 'Holder B');
  const [a, b] = [holders.find((h) => h.name === 'Holder A')!, holders.find((h) => h.name === 'Holder B')!];
  const actor = { userId: tenant.owner.id, email: tenant.owner.email };
  const results: MoveResult[] = [];
  const assertDone = async (jobId: string) => {
    const job = await getTreeJob(db, jobId);
    if (job?.status !== 'done') throw new Error(`tree job ${jobId} ended ${job?.status}`);
  };
  type Counts = { writeRequests: number; itemsWritten: number; readRequests: number; writeCapacity: number };
  const outcome = (label: string, ms: number, c: Counts, lockWindowMs: number | undefined, itemsChanged: number) => {
    ctx.log(`  ${label}: ${(ms / 1000).toFixed(1)} s, ${c.writeRequests} write requests, ${c.itemsWritten} items written`);
    return { ...c, ms, itemsChanged, itemsPerSecond: itemsChanged / (ms / 1000), lockWindowMs };
  };

  for (const size of ctx.options.moveSizes) {
    const top = tenant.subtrees[`move-${size}`];
    const sub = subtreeOf(tenant, top.id);
    const itemsChanged = sub.units.length + 2 * sub.memberships.length;
    const runs = treeRuns(size, ctx.options.runs);
    ctx.log(`moves and deletes: ${sub.units.length} units, ${sub.memberships.length} memberships (${itemsChanged} items), ${runs} runs each`);
    let mode: MoveResult['mode'] = 'transaction';
    const moves = await repeat(runs, async (run) => {
      const unit = await getUnitOrThrow(db, top.id);
      const to = run % 2 === 0 ? b : a;
      const watch = lockWatch();
      const { ms, value } = await timed(() =>
        ctx.meter.measure(() => moveUnit(db, actor, { unitId: top.id, newParentId: to.id, expectedVersion: unit.version }, watch.options)),
      );
      if (value.value.kind === 'job') {
        mode = 'job';
        await assertDone(value.value.jobId);
      }
      return outcome(`move run ${run + 1}`, ms, value.counts, watch.windowMs(), itemsChanged);
    });
    let deleteMode: MoveResult['mode'] = 'transaction';
    // Each run deletes a subtree of its own, seeded like the moved one.
    const doomedSubs = Array.from({ length: runs }, (_, run) => subtreeOf(tenant, tenant.subtrees[`delete-${size}-${run}`].id));
    const deletes = await repeat(runs, async (run) => {
      const doomed = await getUnitOrThrow(db, tenant.subtrees[`delete-${size}-${run}`].id);
      const watch = lockWatch();
      const { ms, value } = await timed(() =>
        ctx.meter.measure(() => deleteUnit(db, actor, { unitId: doomed.id, expectedVersion: doomed.version, recursive: true }, watch.options)),
      );
      if (value.value.kind === 'job') {
        deleteMode = 'job';
        await assertDone(value.value.jobId);
      }
      return outcome(`delete run ${run + 1}`, ms, value.counts, watch.windowMs(), itemsADeleteChanges(tenant, doomedSubs[run]));
    });

    const rawRun = async (path: 'direct' | 'gateway') => {
      const { scratch, items } = rawItems(tenant, sub);
      const client = path === 'direct' ? rawClient(ctx.direct) : rawClient(await ctx.tenancy.tenantDb(scratch));
      const { ms } = await timed(() => bulkPut(client, ctx.tableName, items, { concurrency: RAW_CONCURRENCY }));
      return { ms, itemsPerSecond: items.length / (ms / 1000) };
    };
    const direct = await repeat(runs, () => rawRun('direct'));
    const gateway = await repeat(runs, () => rawRun('gateway'));
    const s = (xs: number[]) => summarize(xs);
    const raw = {
      direct: { ms: s(direct.map((r) => r.ms)), itemsPerSecond: s(direct.map((r) => r.itemsPerSecond)) },
      gateway: { ms: s(gateway.map((r) => r.ms)), itemsPerSecond: s(gateway.map((r) => r.itemsPerSecond)) },
    };
    const operations = [
      ['move', moves, mode, sub],
      ['delete', deletes, deleteMode, doomedSubs[0]],
    ] as const;
    for (const [operation, runsOf, modeOf, shape] of operations) {
      const rate = s(runsOf.map((m) => m.itemsPerSecond));
      const written = s(runsOf.map((m) => m.itemsWritten));
      const windows = runsOf.flatMap((m) => (m.lockWindowMs === undefined ? [] : [m.lockWindowMs]));
      results.push({
        operation, units: shape.units.length, memberships: shape.memberships.length, itemsChanged: runsOf[0].itemsChanged, mode: modeOf,
        ms: s(runsOf.map((m) => m.ms)), writeRequests: s(runsOf.map((m) => m.writeRequests)), itemsWritten: written,
        readRequests: s(runsOf.map((m) => m.readRequests)), writeCapacity: s(runsOf.map((m) => m.writeCapacity)), itemsPerSecond: rate,
        writeAmplification: summarize(runsOf.map((m) => m.itemsWritten / m.itemsChanged)).median,
        ...(windows.length ? { lockWindowMs: s(windows) } : {}),
        raw, ratioToRawDirect: ratio(rate, raw.direct.itemsPerSecond), ratioToRawGateway: ratio(rate, raw.gateway.itemsPerSecond),
      });
    }
  }
  return results;
}

// 3. Moves: subtrees of 10, 1,000 and 10,000 units with their members, moved back and forth
// between two parents with lib/org moveUnit (one transaction when it fits, else the journaled
// job, run to the end). Wall time, requests and items written, and throughput in items changed
// per second (units + both items of each membership) against the raw write throughput of the
// same DynamoDB Local measured in the same run: BatchWriteItem of as many items of the same
// shapes, straight to DynamoDB Local (the engine floor) and through the gateway with tenant
// credentials (the path the move takes).
import { ulid } from 'ulid';
import { unitMemberItem, userMembershipItem } from '../../lib/members/membership-items';
import { getTreeJob, getUnitOrThrow, moveUnit } from '../../lib/org';
import { unitItem } from '../../lib/org/unit-item';
import { bulkPut } from '../support/bulk-write';
import { meteredTenantDb, type BenchContext } from '../support/context';
import { ratio, repeat, summarize, timed, type Summary } from '../support/stats';
import { seedMoveTenant } from '../seed/seed-all';
import type { SeededTenant } from '../seed/seed-tenant';

/** Requests in flight for the raw floor (the move itself sends one transaction at a time). */
export const RAW_CONCURRENCY = 8;

export interface MoveResult {
  units: number;
  memberships: number;
  /** Units + 2 × memberships: the items whose content a move must change. */
  itemsChanged: number;
  mode: 'transaction' | 'job';
  ms: Summary;
  writeRequests: Summary;
  itemsWritten: Summary;
  readRequests: Summary;
  writeCapacity: Summary;
  itemsPerSecond: Summary;
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

export async function runMoves(ctx: BenchContext): Promise<MoveResult[]> {
  const tenant = await seedMoveTenant(ctx);
  const db = await meteredTenantDb(ctx, tenant.tenantId);
  const holders = tenant.units.filter((u) => u.name === 'Holder A' || u.name === 'Holder B');
  const [a, b] = [holders.find((h) => h.name === 'Holder A')!, holders.find((h) => h.name === 'Holder B')!];
  const actor = { userId: tenant.owner.id, email: tenant.owner.email };
  const results: MoveResult[] = [];

  for (const size of ctx.options.moveSizes) {
    const top = tenant.subtrees[`move-${size}`];
    const sub = subtreeOf(tenant, top.id);
    const itemsChanged = sub.units.length + 2 * sub.memberships.length;
    // Large moves take minutes on two shared cores: two runs (there and back) at 10,000 units.
    const runs = size >= 10_000 ? Math.min(2, ctx.options.runs) : size >= 1000 ? Math.min(3, ctx.options.runs) : ctx.options.runs;
    ctx.log(`moves: ${sub.units.length} units, ${sub.memberships.length} memberships (${itemsChanged} items), ${runs} runs`);
    let mode: MoveResult['mode'] = 'transaction';
    const moves = await repeat(runs, async (run) => {
      const unit = await getUnitOrThrow(db, top.id);
      const to = run % 2 === 0 ? b : a;
      const { ms, value } = await timed(() => ctx.meter.measure(() => moveUnit(db, actor, { unitId: top.id, newParentId: to.id, expectedVersion: unit.version })));
      const moved = value.value;
      if (moved.kind === 'job') {
        mode = 'job';
        const job = await getTreeJob(db, moved.jobId);
        if (job?.status !== 'done') throw new Error(`move job ${moved.jobId} ended ${job?.status}`);
      }
      const c = value.counts;
      ctx.log(`  run ${run + 1}: ${(ms / 1000).toFixed(1)} s, ${c.writeRequests} write requests, ${c.itemsWritten} items written`);
      return { ms, writeRequests: c.writeRequests, itemsWritten: c.itemsWritten, readRequests: c.readRequests, writeCapacity: c.writeCapacity, itemsPerSecond: itemsChanged / (ms / 1000) };
    });

    const rawRun = async (path: 'direct' | 'gateway') => {
      const { scratch, items } = rawItems(tenant, sub);
      const client = path === 'direct' ? ctx.direct.client : (await ctx.tenancy.tenantDb(scratch)).client;
      const { ms } = await timed(() => bulkPut(client, ctx.tableName, items, { concurrency: RAW_CONCURRENCY }));
      return { ms, itemsPerSecond: items.length / (ms / 1000) };
    };
    const direct = await repeat(runs, () => rawRun('direct'));
    const gateway = await repeat(runs, () => rawRun('gateway'));
    const s = (xs: number[]) => summarize(xs);
    const moveRate = s(moves.map((m) => m.itemsPerSecond));
    const raw = {
      direct: { ms: s(direct.map((r) => r.ms)), itemsPerSecond: s(direct.map((r) => r.itemsPerSecond)) },
      gateway: { ms: s(gateway.map((r) => r.ms)), itemsPerSecond: s(gateway.map((r) => r.itemsPerSecond)) },
    };
    results.push({
      units: sub.units.length, memberships: sub.memberships.length, itemsChanged, mode,
      ms: s(moves.map((m) => m.ms)), writeRequests: s(moves.map((m) => m.writeRequests)), itemsWritten: s(moves.map((m) => m.itemsWritten)),
      readRequests: s(moves.map((m) => m.readRequests)), writeCapacity: s(moves.map((m) => m.writeCapacity)), itemsPerSecond: moveRate, raw,
      ratioToRawDirect: ratio(moveRate, raw.direct.itemsPerSecond), ratioToRawGateway: ratio(moveRate, raw.gateway.itemsPerSecond),
    });
  }
  return results;
}

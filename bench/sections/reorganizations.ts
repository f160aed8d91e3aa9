// 8. Reorganizations: a change set of 1,000 operations in the 10,000-unit tenant — 300 leaf units
// renamed and moved under a new unit, 200 members made managers, 199 people added to the new unit —
// drafted through lib/change-sets, previewed (wall time and DynamoDB requests: the tree read
// once, then memory), approved, and applied (throughput against the raw write floor measured in
// the same run: BatchWriteItem of as many items, straight to DynamoDB Local and through the
// gateway with tenant credentials).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys } from '../../lib/db';
import { loadActorAccess } from '../../lib/members';
import { unitItem } from '../../lib/org/unit-item';
import {
  addOperations, applyChangeSet, createChangeSet, previewChangeSet, readChangeSet, reviewChangeSet, type OperationInput,
} from '../../lib/change-sets';
import { bulkPut } from '../../scripts/seed/bulk-put';
import { meteredTenantDb, type BenchContext } from '../support/context';
import { ratio, repeat, summarize, timed, type Summary } from '../support/stats';
import { RAW_CONCURRENCY } from './moves';
import { rawClient } from '../../test/support/raw-client';

export interface ReorganizationResult {
  tenantUnits: number;
  operations: number;
  draft: { ms: number; requests: number; writeRequests: number };
  preview: { ms: Summary; requests: Summary; byCommand: Record<string, number>; people: number };
  apply: { ms: number; requests: number; writeRequests: number; itemsWritten: number; operationsPerSecond: number; itemsPerSecond: number };
  raw: { direct: { itemsPerSecond: Summary }; gateway: { itemsPerSecond: Summary } };
  ratioToRawDirect: number;
  ratioToRawGateway: number;
}

const MOVED = 300;
const PROMOTED = 200;
const ADDED = 199;

export async function runReorganizations(ctx: BenchContext): Promise<ReorganizationResult> {
  const tenant = ctx.tenants.get(ctx.options.screenSize)!;
  const db = await meteredTenantDb(ctx, tenant.tenantId);
  // The owner drafts and approves (an owner's own approval counts when the organization allows it).
  await ctx.direct.client.send(new UpdateCommand({
    TableName: ctx.tableName, Key: keys.tenantSettings(tenant.tenantId),
    UpdateExpression: 'SET ownersApproveOwnChangeSets = :on', ExpressionAttributeValues: { ':on': true },
  }));
  const owner = { userId: tenant.owner.id, email: tenant.owner.email, name: tenant.owner.name, access: await loadActorAccess(db, tenant.owner.id) };

  const holderId = ulid();
  const leaves = tenant.units.filter((u) => u.childCount === 0 && u.depth >= 2).slice(0, MOVED);
  const promoted = tenant.memberships.filter((m) => m.role === 'member').filter((m, i, all) => all.findIndex((x) => x.userId === m.userId) === i).slice(0, PROMOTED);
  const added = tenant.people.slice(0, ADDED);
  const operations: OperationInput[] = [
    { kind: 'createUnit', unitId: holderId, parentId: tenant.rootUnitId, name: `Reorganized ${holderId.slice(-6)}` },
    ...leaves.flatMap((u, i): OperationInput[] => [
      { kind: 'renameUnit', unitId: u.id, name: `Moved team ${i + 1}` },
      { kind: 'moveUnit', unitId: u.id, parentId: holderId },
    ]),
    ...promoted.map((m): OperationInput => ({ kind: 'changeRole', unitId: m.unitId, userId: m.userId, role: 'manager' })),
    ...added.map((p): OperationInput => ({ kind: 'addMember', unitId: holderId, userId: p.id, role: 'member' })),
  ];
  ctx.log(`reorganizations: a change set of ${operations.length} operations in ${tenant.units.length.toLocaleString('en')} units`);

  const drafted = await ctx.meter.measure(async () => {
    const { ms, value } = await timed(async () => {
      const header = await createChangeSet(db, owner, { name: 'Bench reorganization' });
      return addOperations(db, owner, header.setId, header.version, operations);
    });
    return { ms, set: value };
  });
  const setId = drafted.value.set.header.setId;
  ctx.log(`  drafted in ${(drafted.value.ms / 1000).toFixed(1)} s, ${drafted.counts.requests} requests`);

  const previews = await repeat(ctx.options.runs, async () => {
    const set = await readChangeSet(db, setId);
    const { value, counts } = await ctx.meter.measure(() => timed(() => previewChangeSet(db, set)));
    if (!value.value.clean) throw new Error(`bench change set not clean: ${JSON.stringify([value.value.conflicts.slice(0, 2), value.value.problems.slice(0, 2)])}`);
    ctx.log(`  preview: ${(value.ms / 1000).toFixed(2)} s, ${counts.requests} requests, ${value.value.people.length} people's access changes`);
    return { ms: value.ms, requests: counts.requests, byCommand: counts.byCommand, people: value.value.people.length };
  });

  const ready = await readChangeSet(db, setId);
  await reviewChangeSet(db, owner, setId, { expectedVersion: ready.header.version, decision: 'approve' });
  const approved = await readChangeSet(db, setId);
  const applied = await ctx.meter.measure(() => timed(() => applyChangeSet(db, owner, setId, approved.header.version)));
  if (applied.value.value.status !== 'applied') throw new Error(`bench change set ended ${applied.value.value.status}: ${JSON.stringify(applied.value.value.run?.error)}`);
  const applyMs = applied.value.ms;
  const { itemsWritten } = applied.counts;
  ctx.log(`  applied in ${(applyMs / 1000).toFixed(1)} s: ${applied.counts.writeRequests} write requests, ${itemsWritten} items written`);

  // The floor: as many unit-shaped items, written as fast as DynamoDB Local takes them.
  const rawRun = async (path: 'direct' | 'gateway') => {
    const scratch = ulid();
    const now = new Date().toISOString();
    const items = Array.from({ length: itemsWritten }, (_, i) => {
      const id = ulid();
      return unitItem({ tenantId: scratch, id, name: `Raw ${i}`, parentId: scratch, path: `/${scratch}/${id}/`, depth: 1, childCount: 0, memberCount: 0, version: 1, createdAt: now, updatedAt: now });
    });
    const client = path === 'direct' ? rawClient(ctx.direct) : rawClient(await ctx.tenancy.tenantDb(scratch));
    const { ms } = await timed(() => bulkPut(client, ctx.tableName, items, { concurrency: RAW_CONCURRENCY }));
    return items.length / (ms / 1000);
  };
  const direct = summarize(await repeat(ctx.options.runs, () => rawRun('direct')));
  const gateway = summarize(await repeat(ctx.options.runs, () => rawRun('gateway')));
  const itemsPerSecond = itemsWritten / (applyMs / 1000);
  return {
    tenantUnits: tenant.units.length,
    operations: operations.length,
    draft: { ms: drafted.value.ms, requests: drafted.counts.requests, writeRequests: drafted.counts.writeRequests },
    preview: {
      ms: summarize(previews.map((p) => p.ms)), requests: summarize(previews.map((p) => p.requests)),
      byCommand: previews[0]!.byCommand, people: previews[0]!.people,
    },
    apply: {
      ms: applyMs, requests: applied.counts.requests, writeRequests: applied.counts.writeRequests, itemsWritten,
      operationsPerSecond: operations.length / (applyMs / 1000), itemsPerSecond,
    },
    raw: { direct: { itemsPerSecond: direct }, gateway: { itemsPerSecond: gateway } },
    ratioToRawDirect: ratio(itemsPerSecond, direct),
    ratioToRawGateway: ratio(itemsPerSecond, gateway),
  };
}

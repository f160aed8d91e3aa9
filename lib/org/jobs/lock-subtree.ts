// Phase 1 of a tree job: lock every unit and member item of the subtree and write the plan.
// Nothing a reader sees changes here; a crash at any point is undone by unlocking what the
// journal's chunk items say was locked. Server-only.
//
// Each batch of locks is ONE transaction with the chunk item that records it and a journal
// update conditioned on our lease, so "locked" and "recorded as locked" can never diverge, and a
// process that lost its lease can't lock anything more.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, keys, transaction, type TransactItem } from '../../db';
import { versionConflict } from '../../errors';
import { chunk, mapLimit, sleep } from '../map-limit';
import { closureProblem, discoverMembers, discoverSubtreeUnits, type SubtreeMember } from '../subtree-snapshot';
import { toUnit, type Unit } from '../unit-item';
import { treeBusy, unitLocked } from '../errors';
import { CHUNK, chunkKey, type PlanMember, type PlanUnit } from './job-item';
import { applyJournalChange, journalUpdateItem, LeaseLost, renewLease, reportProgress, updateJournal, type JobContext } from './job-journal';

const CLOSURE_ATTEMPTS = 8;

export interface LockedSubtree {
  /** Strongly consistent after locking, in path order, the root first. */
  units: Unit[];
  members: SubtreeMember[];
}

export async function lockSubtree(ctx: JobContext): Promise<LockedSubtree> {
  const { db, record } = ctx;
  const locked = new Set<string>();
  for (let attempt = 0; ; attempt++) {
    const found = await discoverSubtreeUnits(db, record.oldPath);
    // The root goes first so a stale version or a foreign lock is refused before anything else.
    const fresh = [record.unitId, ...found.map((i) => i.unitId as string)].filter((id, i, all) => !locked.has(id) && all.indexOf(id) === i);
    for (const batch of chunk(fresh, CHUNK.L)) {
      for (const id of await lockUnitBatch(ctx, batch)) locked.add(id);
    }
    const units = (await batchGet(db, [...locked].map((id) => keys.unit(db.tenantId, id)))).map(toUnit).sort(byPath);
    if (!closureProblem(units, record.unitId, record.jobId)) {
      const members = await discoverMembers(db, record.oldPath, units);
      await lockMembers(ctx, members);
      return { units, members };
    }
    // Some unit is not in the index yet (or was just created): wait for the index, look again.
    if (attempt + 1 >= CLOSURE_ATTEMPTS) throw treeBusy();
    await renewLease(ctx);
    await sleep(Math.min(100 * 2 ** attempt, Math.max(100, record.leaseMs / 4)));
  }
}

const byPath = (a: Unit, b: Unit) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Locks what it can of `ids`; returns the ids locked. Units gone or moved out are skipped. */
async function lockUnitBatch(ctx: JobContext, ids: string[]): Promise<string[]> {
  const { db, record } = ctx;
  let pending = ids;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > 6) throw treeBusy();
    const seq = record.chunksL;
    const change = { expect: { status: 'preparing' as const, chunksL: seq }, add: { chunksL: 1 } };
    const now = Date.now();
    const drop = new Set<string>();
    const leaseLost = () => new LeaseLost(record.jobId);
    // The journal first: a lost lease answers before anything the units say.
    const tx = transaction(db)
      .add(chunkPut(ctx, chunkKey(db.tenantId, record.jobId, 'L', seq), { ids: pending }), leaseLost)
      .add(journalUpdateItem(ctx, change, now), leaseLost);
    for (const id of pending) {
      tx.add(lockUnitItem(ctx, id), (item) => {
        const stored = item && toUnit(item);
        if (stored?.lockedBy) return unitLocked(stored.lockedBy);
        if (id === record.unitId) return versionConflict('unit', stored?.version, stored);
        // Deleted, or moved out of the subtree since the index listed it: not ours to move.
        if (!stored || !stored.path.startsWith(record.oldPath)) drop.add(id);
        return 'retry';
      });
    }
    if ((await tx.send()) === 'written') {
      applyJournalChange(ctx, change, now);
      await reportProgress(ctx);
      return pending;
    }
    pending = pending.filter((id) => !drop.has(id));
  }
  return [];
}

function lockUnitItem(ctx: JobContext, unitId: string): TransactItem {
  const { db, record } = ctx;
  const isRoot = unitId === record.unitId;
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.unit(db.tenantId, unitId),
      UpdateExpression: 'SET #lock = :job',
      ConditionExpression: `attribute_not_exists(#lock) AND begins_with(#path, :old)${isRoot ? ' AND #version = :v' : ''}`,
      ExpressionAttributeNames: { '#lock': 'lock', '#path': 'path', ...(isRoot ? { '#version': 'version' } : {}) },
      ExpressionAttributeValues: { ':job': record.jobId, ':old': record.oldPath, ...(isRoot ? { ':v': record.expectedVersion } : {}) },
    },
  };
}

/**
 * Locks the member items (unit → user direction; the T7 index reads them). Their units are
 * locked already, so no membership can be added or removed in the subtree any more.
 */
async function lockMembers(ctx: JobContext, members: SubtreeMember[]) {
  const { db, record } = ctx;
  for (const batch of chunk(members, CHUNK.M)) {
    const seq = record.chunksM;
    const change = { expect: { status: 'preparing' as const, chunksM: seq }, add: { chunksM: 1 } };
    const now = Date.now();
    const planned: PlanMember[] = batch.map((m) => [m.unitId, m.userId]);
    const leaseLost = () => new LeaseLost(record.jobId);
    await transaction(db)
      .add(chunkPut(ctx, chunkKey(db.tenantId, record.jobId, 'M', seq), { members: planned }), leaseLost)
      .add(journalUpdateItem(ctx, change, now), leaseLost)
      .add(batch.map((m): TransactItem => ({
        Update: {
          TableName: db.tableName,
          Key: keys.unitMember(db.tenantId, m.unitId, m.userId),
          UpdateExpression: 'SET #lock = :job',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#lock)',
          ExpressionAttributeNames: { '#lock': 'lock' },
          ExpressionAttributeValues: { ':job': record.jobId },
        },
      })), () => treeBusy())
      .send();
    applyJournalChange(ctx, change, now);
    await reportProgress(ctx);
  }
}

/** Writes the plan (units as locked, path order) and marks the job prepared. */
export async function writePlan(ctx: JobContext, locked: LockedSubtree) {
  const { db, record } = ctx;
  const entries: PlanUnit[] = locked.units.map((u) => ({ id: u.id, parentId: u.parentId ?? '', name: u.name, path: u.path, depth: u.depth }));
  const parts = chunk(entries, CHUNK.P);
  await mapLimit(parts, 4, async (units, seq) => {
    const put = chunkPut(ctx, chunkKey(db.tenantId, record.jobId, 'P', seq), { units }).Put;
    await db.client.send(new PutCommand(put as ConstructorParameters<typeof PutCommand>[0]));
  });
  const unitTotal = locked.units.length;
  const memberTotal = locked.members.length;
  const work = unitTotal + memberTotal;
  await updateJournal(ctx, {
    expect: { status: 'preparing' },
    set: { status: 'prepared', chunksP: parts.length, unitTotal, memberTotal, total: record.kind === 'move' ? 2 * work : work, step: 0 },
  });
}

function chunkPut(ctx: JobContext, key: { PK: string; SK: string }, body: Record<string, unknown>) {
  return {
    Put: {
      TableName: ctx.db.tableName,
      Item: { ...key, type: 'moveJobChunk', tenantId: ctx.db.tenantId, jobId: ctx.record.jobId, ...body },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

// Phase 1 of a tree job: lock every unit of the subtree and write the plan. Nothing a reader sees
// changes here; a crash at any point is undone by unlocking what the journal's L chunks list.
//
// Each batch of locks is ONE transaction with the chunk item that records it (the units as
// locked: each lock is conditioned on the path and name the chunk records) and a journal update
// conditioned on our lease, so "locked" and "recorded as locked" can never diverge, and a process
// that lost its lease can't lock anything more. Memberships are not locked: every membership
// write is conditioned on its unit not being locked, so the unit's lock holds them still. A job
// started for a lock holder also takes units that holder holds (and hands them back at the end).
import 'server-only';
import { batchGet, keys, transaction, type TransactItem } from '../../db';
import { versionConflict } from '../../errors';
import { chunk, sleep } from '../map-limit';
import { closureProblem, discoverMembers, discoverSubtreeUnits, type SubtreeMember } from '../subtree-snapshot';
import { depthOf, toUnit, type Unit } from '../unit-item';
import { treeBusy, unitLocked } from '../errors';
import { lockAgainst, lockFree } from '../unit-lock';
import { CHUNK, chunkKey, CHUNK_EXPIRY_SECONDS, TTL_ATTRIBUTE, type PlanMember, type PlanUnit } from './job-item';
import { applyJournalChange, journalUpdateItem, LeaseLost, renewLease, reportProgress, updateJournal, type JobContext } from './job-journal';
import { RETRY_LIMITS } from '../../db/retry-policy';

const CLOSURE_ATTEMPTS = 8;

export interface LockedSubtree {
  /** Strongly consistent after locking, in path order, the root first. */
  units: Unit[];
  members: SubtreeMember[];
}

const planEntry = (u: Pick<Unit, 'id' | 'parentId' | 'name' | 'path'>): PlanUnit => ({
  id: u.id, parentId: u.parentId ?? '', name: u.name, path: u.path, depth: depthOf(u.path),
});

export async function lockSubtree(ctx: JobContext, root: Unit): Promise<LockedSubtree> {
  const { db, record } = ctx;
  const locked = new Set<string>();
  for (let attempt = 0; ; attempt++) {
    const found = await discoverSubtreeUnits(db, record.oldPath);
    // The root goes first so a stale version or a foreign lock is refused before anything else.
    const candidates = [planEntry(root), ...found.map((i) => planEntry(toUnit(i))).filter((u) => u.id !== root.id)];
    const fresh = candidates.filter((u) => !locked.has(u.id));
    for (const batch of chunk(fresh, CHUNK.L)) {
      for (const id of await lockUnitBatch(ctx, batch)) locked.add(id);
    }
    const units = (await batchGet(db, [...locked].map((id) => keys.unit(db.tenantId, id)))).map(toUnit).sort(byPath);
    if (!closureProblem(units, record.unitId, record.jobId)) {
      const members = await discoverMembers(db, record.oldPath, units);
      await writeMemberChunks(ctx, members);
      return { units, members };
    }
    // Some unit is not in the index yet (or was just created): wait for the index, look again.
    if (attempt + 1 >= CLOSURE_ATTEMPTS) throw treeBusy();
    await renewLease(ctx);
    await sleep(Math.min(100 * 2 ** attempt, Math.max(100, record.leaseMs / 4)));
  }
}

const byPath = (a: Unit, b: Unit) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * Locks what it can of `batch` (units as the index showed them); returns the ids locked. A unit
 * the index showed stale is taken as stored; one gone or moved out of the subtree is skipped.
 */
async function lockUnitBatch(ctx: JobContext, batch: PlanUnit[]): Promise<string[]> {
  const { db, record } = ctx;
  let pending = batch;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > RETRY_LIMITS.redecide) throw treeBusy();
    const seq = record.chunksL;
    const change = { expect: { status: 'preparing' as const, chunksL: seq }, add: { chunksL: 1 } };
    const now = Date.now();
    const asStored = new Map<string, PlanUnit | undefined>();
    const leaseLost = () => new LeaseLost(record.jobId);
    // The journal first: a lost lease answers before anything the units say.
    const tx = transaction(db)
      .add(chunkPut(ctx, chunkKey(db.tenantId, record.jobId, 'L', seq), { units: pending }), leaseLost)
      .add(journalUpdateItem(ctx, change, now), leaseLost);
    for (const unit of pending) {
      tx.add(lockUnitItem(ctx, unit), (item) => {
        const stored = item && toUnit(item);
        const lock = lockAgainst(record, stored);
        if (lock) return unitLocked(lock);
        if (unit.id === record.unitId) return versionConflict('unit', stored?.version, stored);
        // Deleted, or moved out of the subtree since the index listed it: not ours to move.
        asStored.set(unit.id, stored && stored.path.startsWith(record.oldPath) ? planEntry(stored) : undefined);
        return 'retry';
      });
    }
    if ((await tx.send()) === 'written') {
      applyJournalChange(ctx, change, now);
      await reportProgress(ctx);
      return pending.map((u) => u.id);
    }
    pending = pending.flatMap((u) => (asStored.has(u.id) ? (asStored.get(u.id) ? [asStored.get(u.id)!] : []) : [u]));
  }
  return [];
}

function lockUnitItem(ctx: JobContext, unit: PlanUnit): TransactItem {
  const { db, record } = ctx;
  const isRoot = unit.id === record.unitId;
  // Unlocked, or held by the holder the job runs for (the record's, so a resumed job sees the same).
  const free = lockFree(record);
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.unit(db.tenantId, unit.id),
      UpdateExpression: 'SET #lock = :job',
      ConditionExpression: `${free.expression} AND #path = :path AND #name = :name${isRoot ? ' AND #version = :v' : ''}`,
      ExpressionAttributeNames: { ...free.names, '#path': 'path', '#name': 'name', ...(isRoot ? { '#version': 'version' } : {}) },
      ExpressionAttributeValues: {
        ...free.values, ':job': record.jobId, ':path': unit.path, ':name': unit.name, ...(isRoot ? { ':v': record.expectedVersion } : {}),
      },
    },
  };
}

/** Lists the locked units' memberships in M chunks (each with the journal update that counts it). */
async function writeMemberChunks(ctx: JobContext, members: SubtreeMember[]) {
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
      .send();
    applyJournalChange(ctx, change, now);
    await reportProgress(ctx);
  }
}

/** Every unit locked and every membership listed: the totals known, the job prepared. */
export async function markPrepared(ctx: JobContext, locked: LockedSubtree) {
  const unitTotal = locked.units.length;
  const memberTotal = locked.members.length;
  await updateJournal(ctx, {
    expect: { status: 'preparing' },
    set: { status: 'prepared', unitTotal, memberTotal, total: unitTotal + memberTotal, step: 0 },
  });
}

function chunkPut(ctx: JobContext, key: { PK: string; SK: string }, body: Record<string, unknown>) {
  return {
    Put: {
      TableName: ctx.db.tableName,
      Item: {
        ...key, type: 'moveJobChunk', tenantId: ctx.db.tenantId, jobId: ctx.record.jobId, ...body,
        [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + CHUNK_EXPIRY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

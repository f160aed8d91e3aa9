// Phase 2 of a tree job (after its commit), and its rollback, as steps: each step is one
// transaction of up to 100 writes, and sending a step again after it happened changes nothing,
// so steps need no bookkeeping of their own and a phase's steps can run a few at a time.
//
// A unit is written once, with its memberships, in the same transaction: a move rewrites its
// path and releases its lock (conditioned on the lock: a step that happened finds it released),
// both items of each membership take the new path; a delete removes the unit, its name claim and
// words and both items of each membership, and counts each person's profile down. A unit with
// more memberships than one transaction holds has them handled first in slices, each checking
// the unit is still held. Units go deepest first, level by level, so a unit released (or
// deleted) has nothing below it still waiting. The steps are derived from the plan chunks
// alone, so every runner derives the same list.
import 'server-only';
import { batchGet, keys, MAX_TRANSACTION_ITEMS, queryAll, transaction, type TransactItem } from '../../db';
import { profileCountChange, readRemovals } from '../../profiles';
import { allNameWordKeys, nameWordTexts } from '../../items/name-words';
import { clearLinesOf } from '../../reporting-lines';
import { membershipPathRewrite, subtreeMembershipDeletes, unitDeletes, unitPathRewrite } from '../subtree-writes';
import type { PlanMember, PlanUnit } from './job-item';
import type { JobContext } from './job-journal';
import { backoff, RETRY_LIMITS } from '../../db/retry-policy';

export interface JobPlan {
  /** Every unit locked, as locked. */
  units: PlanUnit[];
  /** Every membership of those units. */
  members: PlanMember[];
}

export interface Step {
  /** Units and memberships this step handles (progress). */
  size: number;
  run(): Promise<void>;
}

/** A phase's steps in levels: a level's steps may run together; each level waits for the one before. */
export type StepLevels = Step[][];

/** Reads the plan chunks (strongly consistent) and checks they are all there. */
export async function loadPlan(ctx: JobContext): Promise<JobPlan> {
  const { db, record } = ctx;
  const L: PlanUnit[][] = [];
  const M: PlanMember[][] = [];
  const chunks = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :chunk)',
    ExpressionAttributeValues: { ':pk': keys.treeJob(db.tenantId, record.jobId).PK, ':chunk': keys.treeJobChunkPrefix },
    ConsistentRead: true,
  });
  for (const item of chunks) {
    const kind = (item.SK as string).slice(keys.treeJobChunkPrefix.length, keys.treeJobChunkPrefix.length + 1);
    if (kind === 'L') L.push(item.units as PlanUnit[]);
    if (kind === 'M') M.push(item.members as PlanMember[]);
  }
  // A stale runner may have left extra chunks past the counts; only the counted ones are the plan.
  if (L.length < record.chunksL || M.length < record.chunksM) throw new Error(`tree job ${record.jobId}: plan chunks missing`);
  return { units: L.slice(0, record.chunksL).flat(), members: M.slice(0, record.chunksM).flat() };
}

/** Per step: DynamoDB's 100 items (a job's writes carry no decision facts). */
const STEP_ITEMS = MAX_TRANSACTION_ITEMS;
/** Memberships per slice of a unit with many: two writes each (a delete adds a profile) and the unit's check. */
const SLICE = { move: Math.floor((STEP_ITEMS - 1) / 2), delete: Math.floor((STEP_ITEMS - 1) / 3) };

/** After a committed move: each unit's path (the root's went with the commit) with its memberships'. */
export function moveSteps(ctx: JobContext, plan: JobPlan): StepLevels {
  const { db, record } = ctx;
  const job = record.jobId;
  const newPath = (oldPath: string) => record.newPath! + oldPath.slice(record.oldPath.length);
  const rewrites = (u: PlanUnit, members: string[]) => members.flatMap((userId) => membershipPathRewrite(db, { unitId: u.id, userId }, newPath(u.path)));
  const held = { heldBy: job, ...(record.lockHolder ? { releaseTo: record.lockHolder } : {}) };
  return byLevel(ctx, plan, SLICE.move, (u, members) => (u.id === record.unitId ? undefined : 1 + 2 * members.length), {
    slice: (u, members) => ({
      key: `${u.id}:${members[0]}`,
      // The unit still held: the slice may or may not have happened (writing it again is harmless);
      // released: the unit's own step, which comes after its slices, has happened.
      items: [heldCheck(ctx, u.id), ...rewrites(u, members)],
      happened: (stored, i) => i === 0 && stored?.lock !== job,
    }),
    unit: (u, members) => ({
      key: u.id,
      items: [unitPathRewrite(db, u, newPath(u.path), new Date().toISOString(), held), ...rewrites(u, members)],
      happened: (stored, i) => i === 0 && stored?.lock !== job,
    }),
  });
}

/**
 * After a committed delete: each unit with its name claim (the root's went with the commit) and
 * words and its memberships, profiles counted down (deleted at zero); then the deleted profiles'
 * words. Whatever is left at any moment is still a tree hanging from the deleted root.
 */
export function deleteSteps(ctx: JobContext, plan: JobPlan): StepLevels {
  const { db, record } = ctx;
  const held = { heldBy: record.jobId };
  const deletes = (u: PlanUnit, members: string[]) => members.flatMap((userId) => subtreeMembershipDeletes(db, { unitId: u.id, userId }, held));
  const isRoot = (u: PlanUnit) => u.id === record.unitId;
  const levels = byLevel(ctx, plan, SLICE.delete, (u, members) => (isRoot(u) ? 1 : 2) + nameWordTexts(u.name).length + 3 * members.length, {
    // The first membership gone means the slice happened (a membership of a held unit can't leave otherwise).
    slice: (u, members) => ({ key: `${u.id}:${members[0]}`, items: [...deletes(u, members), heldCheck(ctx, u.id)], happened: (stored) => !stored }),
    unit: (u, members) => ({ key: u.id, items: [...unitDeletes(db, u, held, { keepClaim: isRoot(u) }), ...deletes(u, members)], happened: (stored, i) => i === 0 && !stored }),
    // Each person's profile loses the memberships this step deletes (read when the step is built).
    shared: async (parts) => {
      const members = parts.flatMap((p) => p.members.map((userId) => ({ unitId: p.unit.id, userId })));
      const removals = await readRemovals(db, members);
      // A membership already gone (a step sent again) takes nothing off its profile.
      return removals.filter((r) => r.removed.length > 0).map((r) => profileCountChange(db, r.profile, r.removed));
    },
  });
  return [...levels, profileWordSweeps(ctx, plan)];
}

/** Lets go of every lock the job took (to roll back before the commit). */
export function unlockSteps(ctx: JobContext, plan: JobPlan): StepLevels {
  const unlock = (u: PlanUnit): Part => ({ key: u.id, items: [lockRelease(ctx, u.id)], happened: (stored) => stored?.lock !== ctx.record.jobId });
  return [pack(plan.units.map((u) => ({ size: 1, value: u })), STEP_ITEMS).map((units) => step(ctx, units.length, async () => ({ parts: units.map(unlock), shared: [] })))];
}

/**
 * The job's lock on a unit removed, or handed back to the holder the job was started for
 * (conditioned on holding it).
 */
export function lockRelease(ctx: JobContext, unitId: string): TransactItem {
  const holder = ctx.record.lockHolder;
  return {
    Update: {
      TableName: ctx.db.tableName,
      Key: keys.unit(ctx.db.tenantId, unitId),
      UpdateExpression: holder ? 'SET #lock = :holder' : 'REMOVE #lock',
      ConditionExpression: '#lock = :job',
      ExpressionAttributeNames: { '#lock': 'lock' },
      ExpressionAttributeValues: { ':job': ctx.record.jobId, ...(holder ? { ':holder': holder } : {}) },
    },
  };
}

/** Writes of a step that happen together, and how a refusal of one of them shows they already did. */
interface Part {
  key: string;
  items: TransactItem[];
  /** Given the stored state of item `index` when its condition failed: the part has already happened. */
  happened(stored: Record<string, unknown> | undefined, index: number): boolean;
}

interface UnitWork {
  unit: PlanUnit;
  members: string[];
}

interface LevelBuilders {
  slice(u: PlanUnit, members: string[]): Part;
  unit(u: PlanUnit, members: string[]): Part;
  shared?(work: UnitWork[]): Promise<TransactItem[]>;
}

/**
 * The units deepest first, a level per depth: first the slices of units with more memberships
 * than fit beside them, then the units packed into steps of at most STEP_ITEMS (`size` says
 * what a unit costs with the memberships left to it; undefined: the unit has no write of its own).
 */
function byLevel(
  ctx: JobContext,
  plan: JobPlan,
  slice: number,
  size: (u: PlanUnit, members: string[]) => number | undefined,
  build: LevelBuilders,
): StepLevels {
  const membersOf = groupBy(plan.members, ([unitId]) => unitId, ([, userId]) => userId);
  const unitsAt = groupBy(plan.units, (u) => u.depth, (u) => u);
  const depths = [...unitsAt.keys()].sort((a, b) => b - a);
  const levels: StepLevels = [];
  for (const depth of depths) {
    const slices: Step[] = [];
    const work: { size: number; value: UnitWork }[] = [];
    for (const unit of unitsAt.get(depth)!) {
      let members = membersOf.get(unit.id) ?? [];
      while (members.length > 0 && (size(unit, members) ?? Infinity) > STEP_ITEMS) {
        slices.push(unitStep(ctx, build, 'slice', [{ unit, members: members.slice(0, slice) }]));
        members = members.slice(slice);
      }
      const cost = size(unit, members);
      if (cost !== undefined) work.push({ size: cost, value: { unit, members } });
    }
    if (slices.length > 0) levels.push(slices);
    if (work.length > 0) levels.push(pack(work, STEP_ITEMS).map((group) => unitStep(ctx, build, 'unit', group)));
  }
  return levels;
}

function groupBy<T, K, V>(items: readonly T[], key: (item: T) => K, value: (item: T) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(value(item));
    else groups.set(key(item), [value(item)]);
  }
  return groups;
}

function unitStep(ctx: JobContext, build: LevelBuilders, kind: 'slice' | 'unit', work: UnitWork[]): Step {
  const size = work.reduce((n, w) => n + w.members.length + (kind === 'unit' ? 1 : 0), 0);
  return step(ctx, size, async (done) => {
    const live = work.map((w) => ({ w, part: build[kind](w.unit, w.members) })).filter(({ part }) => !done.has(part.key));
    return { parts: live.map(({ part }) => part), shared: build.shared ? await build.shared(live.map(({ w }) => w)) : [] };
  });
}

/** Consecutive groups whose sizes add up to at most `budget` each. */
function pack<T>(entries: { size: number; value: T }[], budget: number): T[][] {
  const groups: T[][] = [];
  let room = 0;
  for (const e of entries) {
    if (groups.length === 0 || e.size > room) {
      groups.push([]);
      room = budget;
    }
    groups.at(-1)!.push(e.value);
    room -= e.size;
  }
  return groups;
}


/** Stored data contradicts the plan: the job stops (and stays resumable) rather than guess. */
export class StepRefused extends Error {
  name = 'StepRefused';
}

/**
 * One step: sends its parts (and any shared items, rebuilt on every attempt); parts a refusal
 * shows already happened are left out and the rest sent again. Stored data that contradicts the
 * plan after a few attempts stops the job, which keeps its subtree locked rather than guess.
 */
function step(ctx: JobContext, size: number, build: (done: ReadonlySet<string>) => Promise<{ parts: Part[]; shared: TransactItem[] }>): Step {
  return {
    size,
    async run() {
      const done = new Set<string>();
      const refused: string[] = [];
      for (let attempt = 1; attempt <= RETRY_LIMITS.redecide; attempt++) {
        const { parts, shared } = await build(done);
        const live = parts.filter((p) => !done.has(p.key));
        if (live.length === 0) return;
        refused.length = 0;
        const tx = transaction(ctx.db);
        for (const part of live) {
          part.items.forEach((item, index) =>
            tx.add(item, (stored) => {
              if (part.happened(stored, index)) done.add(part.key);
              else refused.push(stored ? `${String(stored.PK)} ${String(stored.SK)}` : 'an item gone');
              return 'retry';
            }),
          );
        }
        tx.add(shared, () => 'retry');
        if ((await tx.send()) === 'written') return;
        await backoff(attempt);
      }
      throw new StepRefused(`a step of ${ctx.record.status} refused by ${refused.join(', ') || 'profiles changing'}`);
    },
  };
}

/** A ConditionCheck that the job still holds the unit. */
function heldCheck(ctx: JobContext, unitId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: ctx.db.tableName,
      Key: keys.unit(ctx.db.tenantId, unitId),
      ConditionExpression: '#lock = :job',
      ExpressionAttributeNames: { '#lock': 'lock' },
      ExpressionAttributeValues: { ':job': ctx.record.jobId },
    },
  };
}

/** People per sweep step: their profiles and word positions are read in one go. */
const SWEEP_PEOPLE = 40;

/**
 * The delete steps remove the profile of whoever lost their last membership, but have no room
 * for those profiles' name words (T10), so these steps delete them: for each person of the plan
 * whose profile is gone, the word items still there (read first; a ConditionCheck keeps the
 * profile gone), and their reporting lines (they left the organization). Someone re-added
 * meanwhile has a profile again and is left alone.
 */
function profileWordSweeps(ctx: JobContext, plan: JobPlan): Step[] {
  const people = [...new Set(plan.members.map(([, userId]) => userId))];
  return pack(people.map((value) => ({ size: 1, value })), SWEEP_PEOPLE).map((group) => ({ size: 0, run: () => sweepWords(ctx, group) }));
}

async function sweepWords(ctx: JobContext, people: string[]) {
  const { db } = ctx;
  const id = (k: { PK?: unknown; SK?: unknown }) => `${String(k.PK)}\n${String(k.SK)}`;
  const profileKey = (userId: string) => keys.tenantUser(db.tenantId, userId);
  const wordKeys = new Map(people.map((userId) => [userId, allNameWordKeys(db.tenantId, { kind: 'tenantUser', id: userId })]));
  const found = new Set((await batchGet(db, [...people.map(profileKey), ...[...wordKeys.values()].flat()], { projection: [] })).map(id));
  const parts = people
    .filter((userId) => !found.has(id(profileKey(userId))))
    .map((userId): Part => ({
      key: userId,
      items: [
        { ConditionCheck: { TableName: db.tableName, Key: profileKey(userId), ConditionExpression: 'attribute_not_exists(PK)' } },
        ...wordKeys.get(userId)!.filter((k) => found.has(id(k))).map((Key): TransactItem => ({ Delete: { TableName: db.tableName, Key } })),
      ],
      happened: (stored, index) => index === 0 && stored !== undefined,
    }))
    .filter((part) => part.items.length > 1);
  for (const group of pack(parts.map((value) => ({ size: value.items.length, value })), STEP_ITEMS)) {
    await step(ctx, 0, async () => ({ parts: group, shared: [] })).run();
  }
  // Clearing someone's lines twice (a sweep sent again) changes nothing the second time.
  for (const userId of people.filter((u) => !found.has(id(profileKey(u))))) await clearLinesOf(db, ctx.record.actor, userId);
}

// Phases 2 and 3 of a tree job, and its rollback, as lists of steps. Each step is one
// transaction of at most 99 writes plus the journal update that records the step as done
// (conditioned on our lease and on the step number), so a step is applied exactly once even
// when a process dies around it, and the next runner continues at the first step not recorded.
// The steps are derived from the plan chunks alone, so every runner derives the same list.
// Chunk sizes (job-item.ts CHUNK) keep each step within 100 items: 98 + 1 (L),
// 2 × 33 + 33 profiles + 1 (M), 2 × 49 + 1 + 1 (P); a delete splits a P chunk further when its
// units' name words need the room, and sweeps deleted profiles' words in steps of their own.
// Server-only.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, keys, queryAll, type TransactItem } from '../../db';
import { profileCountChange, readRemovals, toTenantUser } from '../../profiles';
import { allNameWordDeletes, nameWordTexts } from '../../search/name-words';
import { membershipPathRewrite, subtreeMembershipDeletes, unitDeletes, unitPathRewrite } from '../subtree-writes';
import { mapLimit } from '../map-limit';
import { unitCountDecrement } from '../unit-counters';
import { expiresAtAfterFinish, TTL_ATTRIBUTE, type PlanMember, type PlanUnit } from './job-item';
import type { JobContext } from './job-journal';

export interface JobPlan {
  L: string[][];
  M: PlanMember[][];
  P: PlanUnit[][];
}

export interface Step {
  /** Units or members this step handles (progress). */
  size: number;
  build(): Promise<TransactItem[]>;
  /** The step reads counters that others may change (profiles): rebuild and retry on refusal. */
  retryable?: boolean;
}

/** Reads the plan chunks (strongly consistent) and checks they are all there. */
export async function loadPlan(ctx: JobContext): Promise<JobPlan> {
  const { db, record } = ctx;
  const plan: JobPlan = { L: [], M: [], P: [] };
  const chunks = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :chunk)',
    ExpressionAttributeValues: { ':pk': keys.treeJob(db.tenantId, record.jobId).PK, ':chunk': keys.treeJobChunkPrefix },
    ConsistentRead: true,
  });
  for (const item of chunks) {
    const kind = (item.SK as string).slice(keys.treeJobChunkPrefix.length, keys.treeJobChunkPrefix.length + 1);
    if (kind === 'L') plan.L.push(item.ids as string[]);
    if (kind === 'M') plan.M.push(item.members as PlanMember[]);
    if (kind === 'P') plan.P.push(item.units as PlanUnit[]);
  }
  // A stale runner may have left extra chunks past the counts; only the counted ones are the plan.
  plan.L = plan.L.slice(0, record.chunksL);
  plan.M = plan.M.slice(0, record.chunksM);
  plan.P = plan.P.slice(0, record.chunksP);
  if (plan.L.length !== record.chunksL || plan.M.length !== record.chunksM || plan.P.length !== record.chunksP) {
    throw new Error(`tree job ${record.jobId}: plan chunks missing`);
  }
  return plan;
}

const unitPlanPaths = (plan: JobPlan) => new Map(plan.P.flat().map((u) => [u.id, u.path]));

/** After a committed move: every unit's path, then every member item's unitPath. */
export function rewriteSteps(ctx: JobContext, plan: JobPlan): Step[] {
  const { db, record } = ctx;
  const now = () => new Date().toISOString();
  const newPath = (oldPath: string) => record.newPath! + oldPath.slice(record.oldPath.length);
  const oldPaths = unitPlanPaths(plan);
  const held = { heldBy: record.jobId };
  const unitSteps = plan.P.map((units): Step => ({
    size: units.length,
    // The root's own item was rewritten by the commit transaction.
    build: async () => units.filter((u) => u.id !== record.unitId).map((u) => unitPathRewrite(db, u, newPath(u.path), now(), held)),
  }));
  const memberSteps = plan.M.map((members): Step => ({
    size: members.length,
    build: async () => members.flatMap(([unitId, userId]) => membershipPathRewrite(db, { unitId, userId }, newPath(oldPaths.get(unitId)!), held)),
  }));
  return [...unitSteps, ...memberSteps];
}

/** Removes every lock the job took (after a move, or to roll back before commit). */
export function unlockSteps(ctx: JobContext, plan: JobPlan): Step[] {
  const { db, record } = ctx;
  const unlock = (Key: { PK: string; SK: string }): TransactItem => ({
    Update: {
      TableName: db.tableName,
      Key,
      UpdateExpression: 'REMOVE #lock',
      ConditionExpression: '#lock = :job',
      ExpressionAttributeNames: { '#lock': 'lock' },
      ExpressionAttributeValues: { ':job': record.jobId },
    },
  });
  return [
    ...plan.L.map((ids): Step => ({ size: ids.length, build: async () => ids.map((id) => unlock(keys.unit(db.tenantId, id))) })),
    ...plan.M.map((members): Step => ({
      size: members.length,
      build: async () => members.map(([unitId, userId]) => unlock(keys.unitMember(db.tenantId, unitId, userId))),
    })),
  ];
}

/**
 * After a committed delete: the memberships (both directions, with each person's profile
 * count), then the units leaves first (reverse path order), so whatever is left at any moment
 * is still a tree hanging from the deleted root.
 */
export function deleteSteps(ctx: JobContext, plan: JobPlan): Step[] {
  const { db, record } = ctx;
  const held = { heldBy: record.jobId };
  const memberSteps = plan.M.map((members): Step => ({
    size: members.length,
    retryable: true,
    build: async () => {
      const removals = await readRemovals(db, members.map(([unitId, userId]) => ({ unitId, userId })));
      return [
        ...members.flatMap(([unitId, userId]) => subtreeMembershipDeletes(db, { unitId, userId }, held)),
        ...removals.map((r) => profileCountChange(db, r.profile, r.removed)),
      ];
    },
  }));
  const leavesFirst = [...plan.P].reverse().map((units) => [...units].reverse());
  const unitSteps = leavesFirst.flatMap(fitWords).map((units): Step => ({
    size: units.length,
    build: async () => [
      // The root's name claim went with the commit; locked units cannot be renamed, so the
      // plan's name gives the stored words.
      ...units.flatMap((u) => unitDeletes(db, u, held, { keepClaim: u.id === record.unitId })),
      unitCountDecrement(db, units.length),
    ],
  }));
  return [...memberSteps, ...profileWordSweeps(ctx, plan), ...unitSteps];
}

/** Splits a plan chunk (in order) so each step's unit deletes, claims and words fit 99 items. */
function fitWords(units: PlanUnit[]): PlanUnit[][] {
  const steps: PlanUnit[][] = [];
  let room = 0;
  for (const u of units) {
    const size = 2 + nameWordTexts(u.name).length;
    if (steps.length === 0 || size > room) {
      steps.push([]);
      room = STEP_ITEMS - 1; // the tenant's unitCount
    }
    steps.at(-1)!.push(u);
    room -= size;
  }
  return steps;
}

/** Per step: at most 99 items besides the journal update. */
const STEP_ITEMS = 99;
/** People per sweep step: a ConditionCheck and 7 word deletes each. */
const SWEEP_PEOPLE = 12;

/**
 * The member steps delete the profile of whoever lost their last membership, but a step has no
 * room for those profiles' name words (T10), so they go in these steps: for each person of the
 * plan whose profile is gone (a ConditionCheck keeps it gone), every word position. Someone
 * re-added meanwhile keeps a profile and is skipped (the check fails, the step is rebuilt).
 * Derived from the plan alone, like every step; they count no progress.
 */
function profileWordSweeps(ctx: JobContext, plan: JobPlan): Step[] {
  const { db } = ctx;
  const people = [...new Set(plan.M.flat().map(([, userId]) => userId))];
  const groups = Array.from({ length: Math.ceil(people.length / SWEEP_PEOPLE) }, (_, i) => people.slice(i * SWEEP_PEOPLE, (i + 1) * SWEEP_PEOPLE));
  return groups.map((group): Step => ({
    size: 0,
    retryable: true,
    build: async () => {
      const present = new Set((await batchGet(db, group.map((u) => keys.tenantUser(db.tenantId, u)), { projection: ['userId'] })).map((p) => p.userId));
      return group
        .filter((userId) => !present.has(userId))
        .flatMap((userId): TransactItem[] => [
          { ConditionCheck: { TableName: db.tableName, Key: keys.tenantUser(db.tenantId, userId), ConditionExpression: 'attribute_not_exists(PK)' } },
          ...allNameWordDeletes(db, { kind: 'tenantUser', id: userId }),
        ]);
    },
  }));
}

/**
 * Once a job is finished its plan is only history: every chunk (including any a stale runner
 * left beyond the counts) gets the journal's expiry, and TTL removes them. Best effort: a
 * crash here leaves a few inert items behind.
 */
export async function expireChunks(ctx: JobContext) {
  const { db, record } = ctx;
  try {
    const chunks = await queryAll(db, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :chunk)',
      ProjectionExpression: 'PK, SK',
      ExpressionAttributeValues: { ':pk': keys.treeJob(db.tenantId, record.jobId).PK, ':chunk': keys.treeJobChunkPrefix },
    });
    const expiresAt = expiresAtAfterFinish();
    await mapLimit(chunks, 4, (c) =>
      db.client.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { PK: c.PK, SK: c.SK },
          UpdateExpression: 'SET #ttl = :ttl',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':ttl': expiresAt },
        }),
      ),
    );
  } catch (e) {
    console.error(`[arbor] tree job ${record.jobId}: could not set the plan to expire`, e);
  }
}

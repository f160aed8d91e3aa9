// Finds every unit and membership of a subtree and proves the set complete.
//
// The tree index (GSI1) is eventually consistent, so what it lists is only a candidate set:
// the units are then read strongly consistent and checked for closure (every unit's parent is
// in the set, every unit's childCount matches its children in the set). Members are listed from
// the member-tree index and checked against each unit's memberCount; a unit whose count does
// not match is re-read from its own partition (strongly consistent).
import 'server-only';
import { batchGet, INDEX, keys, queryAll, type TenantDb } from '../db';
import { toUnit, type Unit } from './unit-item';
import { lockAgainst } from './unit-lock';
import { treeBusy, unitLocked } from './errors';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';

export interface SubtreeMember {
  unitId: string;
  userId: string;
}

/** Candidate units of the subtree at `path`, in path order, from the tree index. */
export async function discoverSubtreeUnits(db: TenantDb, path: string): Promise<Record<string, unknown>[]> {
  return queryAll(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :path)',
    ExpressionAttributeValues: { ':pk': keys.gsi1.tree(db.tenantId), ':path': path },
  });
}

/**
 * Why `units` is not exactly the subtree of `rootId`, or undefined when it is. With `jobId`,
 * every unit must carry that job's lock (without, locks are the caller's to check).
 */
export function closureProblem(units: Unit[], rootId: string, jobId?: string): string | undefined {
  const byId = new Map(units.map((u) => [u.id, u]));
  if (!byId.has(rootId)) return 'the root is missing';
  const children = new Map<string, number>();
  for (const u of units) {
    if (jobId !== undefined && u.lockedBy !== jobId) return `unit ${u.id} has lock ${u.lockedBy ?? 'none'}`;
    if (u.id === rootId) continue;
    const parent = u.parentId ? byId.get(u.parentId) : undefined;
    if (!parent) return `the parent of ${u.id} is missing`;
    if (u.path !== `${parent.path}${u.id}/`) return `the path of ${u.id} does not extend its parent's`;
    children.set(parent.id, (children.get(parent.id) ?? 0) + 1);
  }
  for (const u of units) {
    if (u.childCount !== (children.get(u.id) ?? 0)) return `children of ${u.id} are missing`;
  }
  return undefined;
}

/** The subtree's memberships, complete by each unit's memberCount (see the header). */
export async function discoverMembers(db: TenantDb, path: string, units: Unit[]): Promise<SubtreeMember[]> {
  if (!units.some((u) => u.memberCount > 0)) return [];
  const inSet = new Set(units.map((u) => u.id));
  const listed = await queryAll(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :path)',
    ProjectionExpression: 'unitId, userId',
    ExpressionAttributeValues: { ':pk': keys.gsi1.memberTree(db.tenantId), ':path': path },
  });
  const byUnit = new Map<string, string[]>();
  for (const m of listed) {
    if (!inSet.has(m.unitId as string)) continue;
    const ids = byUnit.get(m.unitId as string);
    if (ids) ids.push(m.userId as string);
    else byUnit.set(m.unitId as string, [m.userId as string]);
  }
  const out: SubtreeMember[] = [];
  for (const u of units) {
    let userIds = byUnit.get(u.id) ?? [];
    if (userIds.length !== u.memberCount) userIds = await readUnitMemberIds(db, u.id);
    out.push(...userIds.map((userId) => ({ unitId: u.id, userId })));
  }
  return out;
}

async function readUnitMemberIds(db: TenantDb, unitId: string): Promise<string[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :m)',
    ProjectionExpression: 'userId',
    ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.unitPartition(db.tenantId, unitId), ':m': keys.unitMemberPrefix },
  });
  return items.map((i) => i.userId as string);
}

export interface SubtreeSnapshot {
  /** Strongly consistent, closed, in path order; the root first. */
  units: Unit[];
  members: SubtreeMember[];
}

/**
 * A complete, strongly consistent picture of an unlocked subtree, for changes that fit one
 * transaction (whose conditions then pin every unit's path and counts). Waits briefly for the
 * index to catch up; refuses a subtree with a unit locked against the db (a job's, or another
 * holder's: the db's own holder's locks don't count).
 */
export async function snapshotSubtree(db: TenantDb, root: Unit): Promise<SubtreeSnapshot> {
  for (let attempt = 0; attempt < RETRY_LIMITS.redecide; attempt++) {
    if (attempt > 0) await backoff(attempt);
    const candidates = await discoverSubtreeUnits(db, root.path);
    const ids = [root.id, ...candidates.map((c) => c.unitId as string).filter((id) => id !== root.id)];
    const units = (await batchGet(db, ids.map((id) => keys.unit(db.tenantId, id))))
      .map(toUnit)
      .filter((u) => u.path.startsWith(root.path))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const lock = units.map((u) => lockAgainst(db, u)).find(Boolean);
    if (lock) throw unitLocked(lock);
    if (closureProblem(units, root.id)) continue;
    return { units, members: await discoverMembers(db, root.path, units) };
  }
  throw treeBusy();
}

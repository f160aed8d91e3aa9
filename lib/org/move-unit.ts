// T11 move: a unit and its whole subtree under a new parent. Server-only.
//
// When the rewrite fits one TransactWriteItems (every unit of the subtree, both items of every
// membership in it, both parents' childCount, the sibling name claim moved, the audit entry:
// at most 100 items) it is one transaction, each item conditioned on what was read. Larger
// moves run as a journaled, resumable job (lib/org/jobs); see docs/data-model.md, "Moves".
import { auditEntryPut } from '../audit';
import { getItem, GUARD_ITEMS, keys, MAX_TRANSACTION_ITEMS, transaction, type Actor, type TenantDb } from '../db';
import { versionConflict } from '../errors';
import { validateVersion } from '../validation/version';
import { validateId } from '../validation';
import { nudgeTreeJob } from './jobs/resume-move-jobs';
import { startTreeJob, type TreeJobOptions } from './jobs/run-tree-job';
import { siblingNameKey, siblingNameDelete, siblingNamePut } from './sibling-name';
import { discoverSubtreeUnits, snapshotSubtree, type SubtreeSnapshot } from './subtree-snapshot';
import { childCountUpdate } from './unit-counters';
import { readUnit } from './unit-reads';
import { depthOf, isWithin, MAX_DEPTH, toUnit, type Unit } from './unit-item';
import { cycle, nameTaken, rootMove, targetNotFound, tooDeep, treeBusy, unitLocked, unitNotFound } from './errors';

export interface MoveUnitInput {
  unitId: string;
  newParentId: string;
  expectedVersion: number;
}

export type MoveResult = { kind: 'moved'; unit: Unit } | { kind: 'job'; jobId: string };

/** Items besides the subtree's own: root's two parents, name release + claim, audit, and room for the decision's facts. */
const FIXED_ITEMS = 5 + GUARD_ITEMS;
const MAX_ATTEMPTS = 4;

export async function moveUnit(db: TenantDb, actor: Actor, input: MoveUnitInput, options: TreeJobOptions = {}): Promise<MoveResult> {
  const unitId = validateId(input?.unitId, 'unit');
  const newParentId = validateId(input.newParentId, 'unit');
  const expectedVersion = validateVersion(input.expectedVersion, 'unit');
  if (unitId === newParentId) throw cycle();

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const [unit, target] = await Promise.all([readUnit(db, unitId), readUnit(db, newParentId)]);
    if (!unit) throw unitNotFound();
    if (!unit.parentId) throw rootMove();
    if (unit.version !== expectedVersion) throw versionConflict('unit', unit.version, unit);
    if (!target) throw targetNotFound();
    for (const u of [unit, target]) {
      if (u.lockedBy) {
        nudgeTreeJob(db, u.lockedBy);
        throw unitLocked(u.lockedBy);
      }
    }
    if (isWithin(target.path, unit.path)) throw cycle();
    if (target.id === unit.parentId) return { kind: 'moved', unit };

    const candidates = await discoverSubtreeUnits(db, unit.path);
    const deepest = Math.max(unit.depth, ...candidates.map((c) => c.depth as number));
    if (target.depth + 1 + (deepest - unit.depth) > MAX_DEPTH) throw tooDeep();
    const estimate = candidates.length + 2 * candidates.reduce((n, c) => n + ((c.memberCount as number) ?? 0), 0) + FIXED_ITEMS;

    if (estimate <= MAX_TRANSACTION_ITEMS) {
      const snapshot = await snapshotSubtree(db, unit);
      const fresh = snapshot.units[0];
      if (fresh.version !== expectedVersion) throw versionConflict('unit', fresh.version, fresh);
      if (target.depth + 1 + (Math.max(...snapshot.units.map((u) => u.depth)) - fresh.depth) > MAX_DEPTH) throw tooDeep();
      if (snapshot.units.length + 2 * snapshot.members.length + FIXED_ITEMS <= MAX_TRANSACTION_ITEMS) {
        const moved = await moveInOneTransaction(db, actor, snapshot, target, expectedVersion);
        if (moved) return { kind: 'moved', unit: moved };
        continue; // something changed underneath: read again
      }
    }
    // Fail fast on a name clash before locking a large subtree.
    if (await getItem(db, siblingNameKey(db.tenantId, target.id, unit.name))) throw nameTaken(unit.name);
    const jobId = await startTreeJob(db, { kind: 'move', actor, root: unit, expectedVersion, toParent: target }, options);
    return { kind: 'job', jobId };
  }
  throw treeBusy();
}

/** The whole move as one transaction; undefined when a condition shows the subtree changed. */
async function moveInOneTransaction(
  db: TenantDb,
  actor: Actor,
  { units, members }: SubtreeSnapshot,
  target: Unit,
  expectedVersion: number,
): Promise<Unit | undefined> {
  const root = units[0];
  const oldPath = root.path;
  const newPath = `${target.path}${root.id}/`;
  const rewrite = (path: string) => newPath + path.slice(oldPath.length);
  const now = new Date().toISOString();
  const names = { '#path': 'path', '#lock': 'lock', '#depth': 'depth' };

  // A unit in the subtree changed since the snapshot (a move, a count) reads again; one a job
  // holds refuses. The root also answers for its own version and existence.
  const lockedOr = (stored: Record<string, unknown> | undefined, otherwise: Error | 'retry') =>
    stored?.lock ? unitLocked(stored.lock as string) : otherwise;
  const tx = transaction(db);
  for (const u of units) {
    const path = rewrite(u.path);
    const isRoot = u.id === root.id;
    tx.add({
      Update: {
        TableName: db.tableName,
        Key: keys.unit(db.tenantId, u.id),
        UpdateExpression: isRoot
          ? 'SET parentId = :parent, GSI2PK = :children, #path = :path, GSI1SK = :path, #depth = :depth, #version = :next, updatedAt = :now'
          : 'SET #path = :path, GSI1SK = :path, #depth = :depth, updatedAt = :now',
        // Path and counts as read: nothing moved, was added to or removed from the subtree.
        ConditionExpression: `attribute_not_exists(#lock) AND #path = :old AND childCount = :children_n AND memberCount = :members_n${isRoot ? ' AND #version = :expected' : ''}`,
        ExpressionAttributeNames: { ...names, ...(isRoot ? { '#version': 'version' } : {}) },
        ExpressionAttributeValues: {
          ':path': path, ':depth': depthOf(path), ':now': now, ':old': u.path, ':children_n': u.childCount, ':members_n': u.memberCount,
          ...(isRoot
            ? { ':parent': target.id, ':children': keys.gsi2.children(db.tenantId, target.id), ':next': expectedVersion + 1, ':expected': expectedVersion }
            : {}),
        },
      },
    }, (stored) => {
      if (!isRoot) return lockedOr(stored, 'retry');
      if (!stored) return unitNotFound();
      const current = toUnit(stored);
      if (current.version !== expectedVersion && !current.lockedBy) return versionConflict('unit', current.version, current);
      return lockedOr(stored, 'retry');
    });
  }
  const pathOf = new Map(units.map((u) => [u.id, rewrite(u.path)]));
  for (const m of members) {
    const unitPath = pathOf.get(m.unitId)!;
    tx.add(
      [{
        Update: {
          TableName: db.tableName,
          Key: keys.unitMember(db.tenantId, m.unitId, m.userId),
          UpdateExpression: 'SET unitPath = :path, GSI1SK = :sk',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#lock)',
          ExpressionAttributeNames: { '#lock': 'lock' },
          ExpressionAttributeValues: { ':path': unitPath, ':sk': `${unitPath}${m.userId}` },
        },
      },
      {
        Update: {
          TableName: db.tableName,
          Key: keys.userMembership(db.tenantId, m.userId, m.unitId),
          UpdateExpression: 'SET unitPath = :path',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':path': unitPath },
        },
      }],
      (stored) => lockedOr(stored, 'retry'),
    );
  }
  tx.add([childCountUpdate(db, root.parentId!, -1), childCountUpdate(db, target.id, 1, target.path)], (stored) =>
    !stored ? targetNotFound() : lockedOr(stored, 'retry'),
  )
    .add(siblingNameDelete(db, root.parentId!, root.name, root.id), () => 'retry')
    .add(siblingNamePut(db, target.id, root.name, root.id), () => nameTaken(root.name))
    .add(auditEntryPut(db, {
      actor, action: 'unit.move', target: { type: 'unit', id: root.id, label: root.name }, unitId: root.id,
      before: { parentId: root.parentId, path: oldPath },
      after: { parentId: target.id, path: newPath, units: units.length, memberships: members.length },
    }));

  if ((await tx.send()) === 'retry') return undefined;
  return { ...root, parentId: target.id, path: newPath, depth: depthOf(newPath), version: expectedVersion + 1, updatedAt: now };
}

// T11 move: a unit and its whole subtree under a new parent.
//
// When the rewrite fits one TransactWriteItems (every unit of the subtree, both items of every
// membership in it, both parents' childCount, the sibling name claim moved, the audit entry:
// at most 100 items) it is one transaction, each item conditioned on what was read. Larger
// moves run as a journaled, resumable job (lib/org/jobs); see docs/data-model.md, "Moves".
import 'server-only';
import { auditEntryPut } from '../audit';
import { getItem, GUARD_ITEMS, MAX_TRANSACTION_ITEMS, transaction, type AuditActor, type TenantDb } from '../db';
import { versionConflict } from '../errors';
import { validateVersion } from '../validation/version';
import { validateId } from '../validation';
import { nudgeTreeJob } from './jobs/resume-tree-jobs';
import { startTreeJob, type TreeJobOptions } from './jobs/run-tree-job';
import { siblingNameKey, siblingNameDelete, siblingNamePut } from './sibling-name';
import { membershipPathRewrite, movedRootUpdate, unitPathRewrite } from './subtree-writes';
import { changeSubtree } from './subtree-change';
import type { SubtreeSnapshot } from './subtree-snapshot';
import { childCountUpdate } from './unit-counters';
import { readUnit } from './unit-reads';
import { depthOf, isWithin, MAX_DEPTH, toUnit, type Unit } from './unit-item';
import { lockAgainst, lockedOr } from './unit-lock';
import { cycle, nameTaken, rootMove, targetNotFound, tooDeep, unitLocked, unitNotFound } from './errors';

export interface MoveUnitInput {
  unitId: string;
  newParentId: string;
  expectedVersion: number;
}

export type MoveResult = { kind: 'moved'; unit: Unit } | { kind: 'job'; jobId: string };

/** Items besides the subtree's own: root's two parents, name release + claim, audit, and room for the decision's facts. */
const FIXED_ITEMS = 5 + GUARD_ITEMS;

export async function moveUnit(db: TenantDb, actor: AuditActor, input: MoveUnitInput, options: TreeJobOptions = {}): Promise<MoveResult> {
  const unitId = validateId(input?.unitId, 'unit');
  const newParentId = validateId(input.newParentId, 'unit');
  const expectedVersion = validateVersion(input.expectedVersion, 'unit');
  if (unitId === newParentId) throw cycle();

  let target: Unit;
  return changeSubtree<MoveResult>(db, {
    async start() {
      const [unit, destination] = await Promise.all([readUnit(db, unitId), readUnit(db, newParentId)]);
      if (!unit) throw unitNotFound();
      if (!unit.parentId) throw rootMove();
      if (unit.version !== expectedVersion) throw versionConflict('unit', unit.version, unit);
      if (!destination) throw targetNotFound();
      for (const u of [unit, destination]) {
        const lock = lockAgainst(db, u);
        if (lock) {
          nudgeTreeJob(db, lock);
          throw unitLocked(lock);
        }
      }
      if (isWithin(destination.path, unit.path)) throw cycle();
      if (destination.id === unit.parentId) return { done: { kind: 'moved', unit } };
      target = destination;
      return { root: unit };
    },
    mayFit(unit, candidates) {
      const deepest = Math.max(unit.depth, ...candidates.map((c) => c.depth as number));
      if (target.depth + 1 + (deepest - unit.depth) > MAX_DEPTH) throw tooDeep();
      return candidates.length + 2 * candidates.reduce((n, c) => n + ((c.memberCount as number) ?? 0), 0) + FIXED_ITEMS <= MAX_TRANSACTION_ITEMS;
    },
    async inOneTransaction(snapshot) {
      const fresh = snapshot.units[0];
      if (fresh.version !== expectedVersion) throw versionConflict('unit', fresh.version, fresh);
      if (target.depth + 1 + (Math.max(...snapshot.units.map((u) => u.depth)) - fresh.depth) > MAX_DEPTH) throw tooDeep();
      if (snapshot.units.length + 2 * snapshot.members.length + FIXED_ITEMS > MAX_TRANSACTION_ITEMS) return 'job';
      const moved = await moveInOneTransaction(db, actor, snapshot, target, expectedVersion);
      return moved ? { kind: 'moved', unit: moved } : 'retry';
    },
    async asJob(unit) {
      // Fail fast on a name clash before locking a large subtree.
      if (await getItem(db, siblingNameKey(db.tenantId, target.id, unit.name))) throw nameTaken(unit.name);
      const jobId = await startTreeJob(db, { kind: 'move', actor, root: unit, expectedVersion, toParent: target }, options);
      return { kind: 'job', jobId };
    },
  });
}

/** The whole move as one transaction; undefined when a condition shows the subtree changed. */
async function moveInOneTransaction(
  db: TenantDb,
  actor: AuditActor,
  { units, members }: SubtreeSnapshot,
  target: Unit,
  expectedVersion: number,
): Promise<Unit | undefined> {
  const root = units[0];
  const oldPath = root.path;
  const newPath = `${target.path}${root.id}/`;
  const rewrite = (path: string) => newPath + path.slice(oldPath.length);
  const now = new Date().toISOString();
  // A unit in the subtree changed since the snapshot (a move, a count) reads again; one locked
  // against the db refuses. The root also answers for its own version and existence.
  const asRead = { asRead: true } as const;
  const tx = transaction(db).add(
    movedRootUpdate(db, root, { parentId: target.id, path: newPath, expectedVersion }, now, asRead),
    (stored) => {
      if (!stored) return unitNotFound();
      const current = toUnit(stored);
      if (current.version !== expectedVersion && !lockAgainst(db, current)) return versionConflict('unit', current.version, current);
      return lockedOr(db, stored, 'retry');
    },
  );
  for (const u of units.slice(1)) tx.add(unitPathRewrite(db, u, rewrite(u.path), now, asRead), (stored) => lockedOr(db, stored, 'retry'));
  const pathOf = new Map(units.map((u) => [u.id, rewrite(u.path)]));
  for (const m of members) tx.add(membershipPathRewrite(db, m, pathOf.get(m.unitId)!), (stored) => lockedOr(db, stored, 'retry'));
  tx.add([childCountUpdate(db, root.parentId!, -1), childCountUpdate(db, target.id, 1, target.path)], (stored) =>
    !stored ? targetNotFound() : lockedOr(db, stored, 'retry'),
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

// T11 delete: an empty unit, or (only when asked) a whole subtree with every membership in it,
// both directions, each person's tenant profile count (the profile goes with their last
// membership), the parent's childCount, the tenant's unitCount and the audit entry. In one
// transaction when it fits; otherwise a journaled job that locks the subtree, detaches it from
// its parent in its commit transaction and deletes leaves first (lib/org/jobs). The root of the
// tenant cannot be deleted.
import 'server-only';
import { auditEntryPut } from '../audit';
import { GUARD_ITEMS, MAX_TRANSACTION_ITEMS, transaction, withoutGuards, type AuditActor, type TenantDb } from '../db';
import { versionConflict } from '../errors';
import { validateVersion } from '../validation/version';
import { profileCountChange, readRemovals } from '../profiles';
import { profileWordDeletes } from '../items/name-words';
import { clearLinesOf } from '../reporting-lines';
import { validateId } from '../validation';
import { countSubtree } from './count-subtree';
import { nudgeTreeJob } from './jobs/resume-tree-jobs';
import { startTreeJob, type TreeJobOptions } from './jobs/run-tree-job';
import { changeSubtree } from './subtree-change';
import type { SubtreeSnapshot } from './subtree-snapshot';
import { subtreeMembershipDeletes, unitDeletes } from './subtree-writes';
import { childCountUpdate, unitCountDecrement } from './unit-counters';
import { readUnit } from './unit-reads';
import { toUnit } from './unit-item';
import { lockAgainst, lockedOr } from './unit-lock';
import { notEmpty, rootDelete, unitLocked, unitNotFound } from './errors';

export interface DeleteUnitInput {
  unitId: string;
  expectedVersion: number;
  /** Delete everything below the unit too (the UI confirms with countSubtree first). */
  recursive?: boolean;
}

export type DeleteResult = { kind: 'deleted'; units: number; memberships: number } | { kind: 'job'; jobId: string };

/** Items besides the units, claims and memberships: parent count, tenant count, audit, and room for the decision's facts. */
const FIXED_ITEMS = 3 + GUARD_ITEMS;

export async function deleteUnit(db: TenantDb, actor: AuditActor, input: DeleteUnitInput, options: TreeJobOptions = {}): Promise<DeleteResult> {
  const unitId = validateId(input?.unitId, 'unit');
  const expectedVersion = validateVersion(input.expectedVersion, 'unit');
  const recursive = input.recursive === true;

  return changeSubtree<DeleteResult>(db, {
    async start() {
      const unit = await readUnit(db, unitId);
      if (!unit) throw unitNotFound();
      if (!unit.parentId) throw rootDelete();
      if (unit.version !== expectedVersion) throw versionConflict('unit', unit.version, unit);
      const lock = lockAgainst(db, unit);
      if (lock) {
        nudgeTreeJob(db, lock);
        throw unitLocked(lock, 'delete');
      }
      if (!recursive && (unit.childCount > 0 || unit.memberCount > 0)) throw notEmpty(unit.name, await countSubtree(db, unitId));
      return { root: unit };
    },
    // Per unit: the item and its name claim; per membership: two items and at most one profile
    // (their name words are counted once the snapshot is read).
    mayFit(unit, candidates) {
      const memberEstimate = candidates.reduce((n, c) => n + ((c.memberCount as number) ?? 0), unit.memberCount);
      return 2 * Math.max(1, candidates.length) + 3 * memberEstimate + FIXED_ITEMS <= MAX_TRANSACTION_ITEMS;
    },
    async inOneTransaction(snapshot) {
      // Something was added since the check: read again (and refuse, unless recursive).
      if (!recursive && snapshot.units.length + snapshot.members.length > 1) return 'retry';
      const done = await deleteInOneTransaction(db, actor, snapshot, expectedVersion);
      return done === 'tooLarge' ? 'job' : (done ?? 'retry');
    },
    async asJob(unit) {
      const jobId = await startTreeJob(db, { kind: 'delete', actor, root: unit, expectedVersion }, options);
      return { kind: 'job', jobId };
    },
  });
}

/**
 * The whole delete as one transaction; undefined when something changed underneath, 'tooLarge'
 * when the names' word items (T10) leave it no room in one transaction (a job then does it).
 */
async function deleteInOneTransaction(
  db: TenantDb,
  actor: AuditActor,
  { units, members }: SubtreeSnapshot,
  expectedVersion: number,
): Promise<DeleteResult | 'tooLarge' | undefined> {
  const root = units[0];
  if (root.version !== expectedVersion) throw versionConflict('unit', root.version, root);
  const removals = await readRemovals(db, members);

  // Anything changed since the snapshot reads again; a unit locked against the db refuses. The
  // root also answers for its own version and existence.
  const lockedOrRetry = (stored: Record<string, unknown> | undefined) => lockedOr(db, stored, 'retry', 'delete');
  const tx = transaction(db);
  const asRead = { asRead: true } as const;
  for (const u of units) {
    const [unitDelete, ...rest] = unitDeletes(db, u, asRead, u.id === root.id ? { version: expectedVersion } : {});
    tx.add(unitDelete, (stored) => {
      if (u.id !== root.id) return lockedOrRetry(stored);
      if (!stored) return unitNotFound();
      const current = toUnit(stored);
      const lock = lockAgainst(db, current);
      if (lock) return unitLocked(lock, 'delete');
      return current.version !== expectedVersion ? versionConflict('unit', current.version, current) : 'retry';
    }).add(rest, () => 'retry');
  }
  for (const m of members) tx.add(subtreeMembershipDeletes(db, m, asRead), lockedOrRetry);
  tx.add(removals.map((r) => profileCountChange(db, r.profile, r.removed)), () => 'retry')
    .add(childCountUpdate(db, root.parentId!, -1), (stored) => lockedOr(db, stored, 'retry'))
    .add(unitCountDecrement(db, units.length), () => 'retry')
    .add(
      auditEntryPut(db, {
        actor, action: 'unit.delete', target: { type: 'unit', id: root.id, label: root.name }, unitId: root.id,
        before: { name: root.name, parentId: root.parentId, path: root.path },
        after: { recursive: units.length > 1 || members.length > 0, units: units.length, memberships: members.length },
      }),
    )
    // The words of the profiles deleted here.
    .add(removals.flatMap((r) => profileWordDeletes(db, r.profile, r.removed.length)), () => 'retry');
  if (tx.size + GUARD_ITEMS > MAX_TRANSACTION_ITEMS) return 'tooLarge';
  if ((await tx.send()) !== 'written') return undefined;
  // Whoever left the organization with the subtree takes their reporting lines along; unguarded,
  // as it follows from the delete decided (whose facts are gone with it).
  for (const r of removals.filter((r) => r.removed.length > 0 && r.profile.membershipCount <= r.removed.length)) {
    await clearLinesOf(withoutGuards(db), actor, r.profile.userId);
  }
  return { kind: 'deleted', units: units.length, memberships: members.length };
}

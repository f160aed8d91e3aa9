// The one skeleton of changing a whole subtree (a move, a recursive delete): read and check the
// root, size the subtree from the tree index, then either the change in one transaction from a
// strongly consistent snapshot, or a tree job when it cannot fit. A snapshot that shows the
// subtree changed underneath reads everything again, a few times at most.
import 'server-only';
import type { TenantDb } from '../db';
import { treeBusy } from './errors';
import { discoverSubtreeUnits, snapshotSubtree, type SubtreeSnapshot } from './subtree-snapshot';
import type { Unit } from './unit-item';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';

export interface SubtreeChange<R> {
  /** Reads and checks what the change starts from: its root, or a result when nothing is left to do. */
  start(): Promise<{ root: Unit } | { done: R }>;
  /** Whether a subtree of these candidate units (from the index) may fit one transaction. */
  mayFit(root: Unit, candidates: Record<string, unknown>[]): boolean;
  /** The change in one transaction: its result, 'retry' (changed underneath) or 'job' (too large after all). */
  inOneTransaction(snapshot: SubtreeSnapshot): Promise<R | 'retry' | 'job'>;
  /** The change as a journaled, resumable tree job (lib/org/jobs). */
  asJob(root: Unit): Promise<R>;
}

export async function changeSubtree<R>(db: TenantDb, change: SubtreeChange<R>): Promise<R> {
  for (let attempt = 1; attempt <= RETRY_LIMITS.redecide; attempt++) {
    if (attempt > 1) await backoff(attempt - 1);
    const started = await change.start();
    if ('done' in started) return started.done;
    const { root } = started;
    const candidates = root.childCount === 0 && root.memberCount === 0 ? [] : await discoverSubtreeUnits(db, root.path);
    if (change.mayFit(root, candidates)) {
      const outcome = await change.inOneTransaction(await snapshotSubtree(db, root));
      if (outcome === 'retry') continue;
      if (outcome !== 'job') return outcome;
    }
    return change.asJob(root);
  }
  throw treeBusy();
}

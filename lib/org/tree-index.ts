// The whole tree by name path, for import planning and export: every unit from T4 pages of up
// to 1,000 (a 10,000-unit tenant is 10 Queries), each with the names from the top unit's child
// down to itself. A page that meets a move in progress is retried a few times, then refused
// with the tree's own message.
import 'server-only';
import type { TenantDb } from '../db';
import { isArborError } from '../errors';
import { listSubtree } from './list-subtree';
import type { Unit } from './unit-item';
import { searchKey } from '../validation';
import { jobWait, RETRY_LIMITS } from '../db/retry-policy';

export interface IndexedUnit {
  unit: Unit;
  /** Names below the top unit down to this one ([] for the top unit). */
  names: string[];
}

export interface TreeIndex {
  root: Unit;
  byId: Map<string, IndexedUnit>;
  /** By `pathKey(names)`: sibling names are unique ignoring case, so the key is too. */
  byPath: Map<string, IndexedUnit>;
}

/** Case-insensitive identity of a name path, the way sibling names are compared. */
export const pathKey = (names: string[]) => names.map(searchKey).join('\u0000');

const PAGE = 1000;

/** Every page of the subtree at `root`, in path order (parents before children). */
export async function* subtreePages(db: TenantDb, root: Unit): AsyncGenerator<Unit[]> {
  let cursor: string | undefined;
  do {
    for (let attempt = 1; ; attempt++) {
      try {
        const page = await listSubtree(db, root, { limit: PAGE, cursor });
        yield page.items;
        cursor = page.nextCursor;
        break;
      } catch (e) {
        if (!(isArborError(e) && e.code === 'tree.moveInProgress') || attempt >= RETRY_LIMITS.jobWait) throw e;
        await jobWait(attempt);
      }
    }
  } while (cursor);
}

export async function loadTreeIndex(db: TenantDb, root: Unit): Promise<TreeIndex> {
  const byId = new Map<string, IndexedUnit>();
  const byPath = new Map<string, IndexedUnit>();
  for await (const units of subtreePages(db, root)) {
    for (const unit of units) {
      const parent = unit.parentId ? byId.get(unit.parentId) : undefined;
      const names = unit.id === root.id ? [] : [...(parent?.names ?? []), unit.name];
      const entry = { unit, names };
      byId.set(unit.id, entry);
      byPath.set(pathKey(names), entry);
    }
  }
  return { root, byId, byPath };
}

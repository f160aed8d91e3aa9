// The console's units in the browser: units seen so far, loaded child lists, what is expanded,
// what was deleted, and the edits made here that the server's history has not shown yet.
// Mutable with a version number (useSyncExternalStore), so expanding one unit in a 10,000-unit
// tree does not copy the whole tree. Fetches children lazily from the JSON API and applies the
// console's edits (rename, create, move, delete) from their responses. The tree AND the unit
// page render from here (the page's server data is merged in first), so an edit shows
// everywhere in the same render.
import { ApiError, call } from '@/lib/api/client';
import type { AuditLineView } from '@/lib/screens/audit';
import type { ChildrenPage, TreeData } from '@/lib/screens/tree';
import type { AdministratorView, UnitPage } from '@/lib/screens/unit-page';
import type { MoveScopes, UnitRow } from '@/lib/screens/unit-view';
import { flattenTree, type ChildList, type FlatRow, type TreeState } from './flatten-tree';

/** At most this many child pages are fetched at once (expanding every sibling with `*`). */
const PARALLEL_FETCHES = 6;

export class TreeStore implements TreeState {
  tops: string[] = [];
  units = new Map<string, UnitRow>();
  children = new Map<string, ChildList>();
  expanded = new Set<string>();
  loading = new Set<string>();
  scopes: MoveScopes = [];
  /** Paths of units deleted from this browser: their pages (Back, a stale link) are gone. */
  deleted: string[] = [];
  /**
   * Per unit page seen, who can administer it: the page's list, replaced by a fresh read after
   * an edit here that may change it (so the page shows it current before the edit's refresh).
   */
  administrators = new Map<string, AdministratorView[]>();
  /** Per unit, edits made here, newest first, each with the store version it was made at. */
  recent = new Map<string, { line: AuditLineView; at: number }[]>();
  /** The unit the tree brings into view next; `seq` tells one request from the next for the same unit. */
  focus?: { id: string; seq: number };
  version = 0;
  private rows: { version: number; rows: FlatRow[] } = { version: -1, rows: [] };
  private listeners = new Set<() => void>();

  constructor(
    data: TreeData,
    private readonly onError: (message: string) => void,
  ) {
    this.ingest(data);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  private changed() {
    this.version++;
    for (const l of this.listeners) l();
  }

  flatRows(): FlatRow[] {
    if (this.rows.version !== this.version) this.rows = { version: this.version, rows: flattenTree(this) };
    return this.rows.rows;
  }

  /** Merges a server view of the tree (first render, or opening a unit the tree doesn't show). */
  ingest(data: TreeData) {
    this.scopes = data.scopes;
    for (const u of data.tops) this.units.set(u.id, u);
    if (this.tops.length === 0 || data.tops.some((t) => !this.tops.includes(t.id))) this.tops = data.tops.map((t) => t.id);
    for (const page of data.pages) {
      const known = this.children.get(page.parentId);
      // Keep pages already scrolled in; only add what the server view adds.
      if (known) {
        for (const u of [...page.items, ...(page.pinned ?? [])]) this.units.set(u.id, u);
        const missing = [...page.items, ...(page.pinned ?? [])].filter((u) => !known.ids.includes(u.id) && !known.pinned.includes(u.id));
        known.pinned.push(...missing.map((u) => u.id));
      } else {
        this.setPage(page, false);
      }
      this.expanded.add(page.parentId);
    }
    this.changed();
  }

  private setPage(page: ChildrenPage, append: boolean) {
    for (const u of [...page.items, ...(page.pinned ?? [])]) this.units.set(u.id, u);
    const known = this.children.get(page.parentId);
    const ids = page.items.map((u) => u.id);
    if (append && known) {
      const seen = new Set(known.ids);
      known.ids.push(...ids.filter((id) => !seen.has(id)));
      known.nextCursor = page.nextCursor;
      known.pinned = known.pinned.filter((p) => !known.ids.includes(p));
    } else {
      this.children.set(page.parentId, { ids, pinned: (page.pinned ?? []).map((u) => u.id).filter((p) => !ids.includes(p)), nextCursor: page.nextCursor });
    }
  }

  private async fetchChildren(parentId: string, cursor?: string): Promise<ChildrenPage | undefined> {
    try {
      return await call('units.children', { params: { unitId: parentId }, query: cursor ? { cursor } : {} });
    } catch (e) {
      this.onError(e instanceof ApiError ? e.message : 'Could not load the sub-units. Try again.');
      return undefined;
    }
  }

  async expand(id: string) {
    const unit = this.units.get(id);
    if (!unit || (this.expanded.has(id) && this.children.has(id))) return;
    this.expanded.add(id);
    if (this.children.has(id) || unit.childCount === 0) return this.changed();
    this.loading.add(id);
    this.changed();
    const page = await this.fetchChildren(id);
    this.loading.delete(id);
    if (page) this.setPage(page, false);
    else this.expanded.delete(id);
    this.changed();
  }

  collapse(id: string) {
    if (!this.expanded.delete(id)) return;
    this.changed();
  }

  toggle(id: string) {
    if (this.expanded.has(id)) this.collapse(id);
    else void this.expand(id);
  }

  /** `*`: expands every sibling of the unit (a few pages at a time). */
  async expandSiblings(id: string) {
    const unit = this.units.get(id);
    if (!unit) return;
    const siblings = unit.parentId ? this.children.get(unit.parentId)?.ids ?? [] : this.tops;
    const queue = siblings.filter((s) => (this.units.get(s)?.childCount ?? 0) > 0 && !this.expanded.has(s));
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await this.expand(next);
    };
    await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  }

  async loadMore(parentId: string) {
    const list = this.children.get(parentId);
    if (!list?.nextCursor || list.loadingMore) return;
    list.loadingMore = true;
    this.changed();
    const page = await this.fetchChildren(parentId, list.nextCursor);
    list.loadingMore = false;
    if (page) this.setPage(page, true);
    this.changed();
  }

  /**
   * Opening a unit (however it was reached) or moving one: expand the way down to it if the tree
   * doesn't show it yet, and ask the tree to bring it into view.
   */
  async reveal(unitId: string) {
    if (!this.isShown(unitId)) {
      try {
        this.ingest(await call('units.tree', { params: { unitId } }));
      } catch {
        // The unit page itself says why it can't be shown.
      }
    }
    this.focus = { id: unitId, seq: (this.focus?.seq ?? 0) + 1 };
    this.changed();
  }

  /** The unit is on a row now: it is a top, or in its parent's list with every ancestor expanded. */
  isShown(unitId: string): boolean {
    let unit = this.units.get(unitId);
    while (unit && !this.tops.includes(unit.id)) {
      const list = unit.parentId && this.expanded.has(unit.parentId) ? this.children.get(unit.parentId) : undefined;
      if (!list || (!list.ids.includes(unit.id) && !list.pinned.includes(unit.id))) return false;
      unit = this.units.get(unit.parentId!);
    }
    return Boolean(unit);
  }

  /** Re-reads a unit's first page of children (after a create, move or delete under it). */
  async refreshChildren(parentId: string) {
    if (!this.children.has(parentId) && !this.units.has(parentId)) return;
    const [page, unit] = await Promise.all([
      this.fetchChildren(parentId),
      call('units.get', { params: { unitId: parentId } }).catch(() => undefined),
    ]);
    if (unit) this.units.set(unit.id, unit);
    if (page) {
      const keep = this.children.get(parentId)?.pinned ?? [];
      this.setPage(page, false);
      this.children.get(parentId)!.pinned = keep.filter((p) => !page.items.some((u) => u.id === p) && this.units.get(p)?.parentId === parentId);
    }
    this.changed();
  }

  /** A unit changed (renamed): new name and version, kept in its parent's name order. */
  updateUnit(row: UnitRow) {
    const before = this.units.get(row.id);
    this.units.set(row.id, { ...row });
    const list = row.parentId ? this.children.get(row.parentId) : undefined;
    if (list && before && before.name !== row.name) {
      const names = (id: string) => this.units.get(id)?.name.toLocaleLowerCase() ?? '';
      // Moved to its new place by name; left where paging will show it if it now sorts past the loaded page.
      list.ids = list.ids.filter((id) => id !== row.id);
      const at = list.ids.findIndex((id) => names(id) > row.name.toLocaleLowerCase());
      if (at >= 0) list.ids.splice(at, 0, row.id);
      else if (!list.nextCursor) list.ids.push(row.id);
      else list.pinned.push(row.id);
    }
    this.changed();
  }

  /** A unit left its place (moved away or deleted): drop it and what was loaded below it. */
  forget(unitId: string) {
    const unit = this.units.get(unitId);
    if (!unit) return;
    const drop = [...this.units.values()].filter((u) => u.path.startsWith(unit.path)).map((u) => u.id);
    for (const id of drop) {
      this.units.delete(id);
      this.children.delete(id);
      this.expanded.delete(id);
    }
    const list = unit.parentId ? this.children.get(unit.parentId) : undefined;
    if (list) {
      list.ids = list.ids.filter((id) => id !== unitId);
      list.pinned = list.pinned.filter((id) => id !== unitId);
    }
    const parent = unit.parentId ? this.units.get(unit.parentId) : undefined;
    if (parent) this.units.set(parent.id, { ...parent, childCount: Math.max(0, parent.childCount - 1) });
    this.changed();
  }

  /**
   * Merges a unit page's server data: the unit, its first sub-units, its ancestors' names. A row
   * already newer here (an edit answered before the page's refresh) is kept.
   */
  ingestPage(page: UnitPage) {
    const rows = [page.unit, ...page.children.items];
    for (const row of rows) {
      const known = this.units.get(row.id);
      if (!known || known.version <= row.version) this.units.set(row.id, row);
    }
    for (const c of page.breadcrumb) {
      const known = this.units.get(c.id);
      if (known && known.name !== c.name) this.units.set(c.id, { ...known, name: c.name });
    }
    if (page.administrators) this.administrators.set(page.unit.id, page.administrators);
    else this.administrators.delete(page.unit.id);
    const list = this.children.get(page.unit.id);
    // A page without a cursor but with more (the first rows of a longer read) only adds rows.
    const firstPage = !page.children.more || Boolean(page.children.nextCursor);
    if ((!list && firstPage) || (list && !page.children.more && !list.nextCursor)) {
      // The server's page is the whole list (or the first one known): it replaces what was here.
      this.setPage({ parentId: page.unit.id, items: page.children.items, ...(page.children.nextCursor ? { nextCursor: page.children.nextCursor } : {}) }, false);
    } else {
      // A partial page: add what it has that the loaded list lacks.
      for (const row of page.children.items) this.place(row);
    }
    this.changed();
  }

  /** Who can administer the unit, as read just now; null when it can no longer be read. */
  setAdministrators(unitId: string, list: AdministratorView[] | null) {
    if (list) this.administrators.set(unitId, list);
    else this.administrators.delete(unitId);
    this.changed();
  }

  /** A unit created here: in its parent's list (by name) and counted there. */
  added(row: UnitRow) {
    this.units.set(row.id, row);
    const parent = row.parentId ? this.units.get(row.parentId) : undefined;
    if (parent) this.units.set(parent.id, { ...parent, childCount: parent.childCount + 1 });
    this.place(row);
    this.changed();
  }

  /**
   * A unit moved (the move's answer): it and everything loaded below it take their new paths,
   * it leaves its old parent's list and count and joins the new parent's.
   */
  moved(row: UnitRow) {
    const before = this.units.get(row.id);
    if (before) {
      const depthShift = row.depth - before.depth;
      for (const u of [...this.units.values()]) {
        if (u.id !== row.id && u.path.startsWith(before.path)) {
          this.units.set(u.id, { ...u, path: row.path + u.path.slice(before.path.length), depth: u.depth + depthShift });
        }
      }
      const from = before.parentId ? this.children.get(before.parentId) : undefined;
      if (from) {
        from.ids = from.ids.filter((id) => id !== row.id);
        from.pinned = from.pinned.filter((id) => id !== row.id);
      }
      const old = before.parentId ? this.units.get(before.parentId) : undefined;
      if (old && old.id !== row.parentId) this.units.set(old.id, { ...old, childCount: Math.max(0, old.childCount - 1) });
    }
    this.units.set(row.id, row);
    const parent = row.parentId ? this.units.get(row.parentId) : undefined;
    if (parent && before?.parentId !== parent.id) this.units.set(parent.id, { ...parent, childCount: parent.childCount + 1 });
    this.place(row);
    this.changed();
  }

  /** Puts a unit into its parent's loaded list, in name order (past the loaded page: pinned). */
  private place(row: UnitRow) {
    const list = row.parentId ? this.children.get(row.parentId) : undefined;
    if (!list || list.ids.includes(row.id) || list.pinned.includes(row.id)) return;
    const name = row.name.toLocaleLowerCase();
    const at = list.ids.findIndex((id) => (this.units.get(id)?.name.toLocaleLowerCase() ?? '') > name);
    if (at >= 0) list.ids.splice(at, 0, row.id);
    else if (!list.nextCursor) list.ids.push(row.id);
    else list.pinned.push(row.id);
  }

  /** A unit deleted here: it and everything below it are gone, wherever the person goes next. */
  markDeleted(unit: Pick<UnitRow, 'path'>) {
    if (!this.deleted.includes(unit.path)) this.deleted.push(unit.path);
    this.changed();
  }

  isDeleted(path: string): boolean {
    return this.deleted.some((p) => path.startsWith(p));
  }

  /** Records an edit made here for the unit's history until the server's own page shows it. */
  record(unitId: string, summary: string, action: string) {
    const line: AuditLineView = {
      id: `local-${this.version}-${unitId}`,
      at: new Date().toISOString(),
      actor: { userId: 'you', email: '', name: 'You' },
      action,
      summary,
    };
    this.recent.set(unitId, [{ line, at: this.version }, ...(this.recent.get(unitId) ?? [])]);
    this.changed();
  }
}

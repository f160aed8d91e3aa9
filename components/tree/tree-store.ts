// The tree browser's state in the browser: units seen so far, loaded child lists, what is
// expanded. Mutable with a version number (useSyncExternalStore), so expanding one unit in a
// 10,000-unit tree does not copy the whole tree. Fetches children lazily from the JSON API and
// applies the console's edits (rename, create, move, delete) so the tree follows them.
import { api, ApiError } from '@/lib/api/client';
import type { ChildrenPage, TreeData } from '@/lib/screens/tree';
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
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    try {
      return await api<ChildrenPage>(`/api/v1/units/${parentId}/children${query}`);
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

  /** Opening a unit the tree doesn't show yet (search, a link on the page): expand the way down to it. */
  async reveal(unitId: string) {
    if (this.isShown(unitId)) return;
    try {
      this.ingest(await api<TreeData>(`/api/v1/units/${unitId}/tree`));
    } catch {
      // The unit page itself says why it can't be shown.
    }
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
      api<UnitRow>(`/api/v1/units/${parentId}`).catch(() => undefined),
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
}

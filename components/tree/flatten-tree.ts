// Turns the tree's state (units, loaded child lists, expanded set) into the flat list of rows the
// virtualized tree renders, depth first, with the ARIA position of each row. Pure, so a tenant
// with 10,000 expanded units flattens in a few milliseconds and the function is testable.
import type { UnitRow } from '@/lib/screens/unit-view';

export interface ChildList {
  /** Children in the server's order (by name), as paged in so far. */
  ids: string[];
  /** Units on the way to a deep-linked unit that paging has not reached yet. */
  pinned: string[];
  nextCursor?: string;
  loadingMore?: boolean;
}

export interface TreeState {
  tops: string[];
  units: ReadonlyMap<string, UnitRow>;
  children: ReadonlyMap<string, ChildList>;
  expanded: ReadonlySet<string>;
  /** Parents whose first page is being fetched. */
  loading: ReadonlySet<string>;
}

export type FlatRow =
  | {
      kind: 'unit';
      key: string;
      id: string;
      /** aria-level, 1 for the top units. */
      level: number;
      posinset: number;
      setsize: number;
      parentId: string | null;
      expandable: boolean;
      expanded: boolean;
      busy: boolean;
    }
  | { kind: 'more'; key: string; parentId: string; level: number; posinset: number; setsize: number; loading: boolean };

export function flattenTree(state: TreeState): FlatRow[] {
  const rows: FlatRow[] = [];
  const visit = (ids: string[], level: number, parentId: string | null, setsize: number, offset = 0) => {
    ids.forEach((id, i) => {
      const unit = state.units.get(id);
      if (!unit) return;
      const list = state.children.get(id);
      const expandable = unit.childCount > 0 || Boolean(list && (list.ids.length > 0 || list.pinned.length > 0));
      const expanded = expandable && state.expanded.has(id) && Boolean(list);
      rows.push({
        kind: 'unit', key: id, id, level, posinset: offset + i + 1, setsize, parentId, expandable, expanded,
        busy: state.loading.has(id) || Boolean(list?.loadingMore),
      });
      if (!expanded || !list) return;
      const pinned = list.pinned.filter((p) => !list.ids.includes(p));
      const size = Math.max(unit.childCount, list.ids.length + pinned.length);
      visit(list.ids, level + 1, id, size);
      // "Load more" sits after the paged-in children, before any pinned ones.
      if (list.nextCursor) {
        rows.push({
          kind: 'more', key: `more:${id}`, parentId: id, level: level + 1, posinset: list.ids.length + 1, setsize: size,
          loading: Boolean(list.loadingMore),
        });
      }
      visit(pinned, level + 1, id, size, size - pinned.length);
    });
  };
  visit(state.tops, 1, null, state.tops.length);
  return rows;
}

'use client';
// The unit page as the console knows it now: the server's page merged into the tree store (the
// one copy of every unit in the browser), then read back from it, so an edit answered here shows
// in the title, breadcrumb, counts, sub-units, administrators' reasons, tab title and tree in the
// same render, without
// waiting for the page's refresh. A unit deleted from this browser reads as gone.
import { useEffect, useLayoutEffect } from 'react';
import { useTreeStore } from '@/components/tree/tree-provider';
import type { AdministratorView, CrumbView, UnitPage } from '@/lib/screens/unit-page';
import type { UnitRow } from '@/lib/screens/unit-view';

/** Sub-units the page lists, as many as its server read (lib/screens/unit-page UNIT_PAGE_CHILDREN). */
const PAGE_CHILDREN = 25;

export interface LiveUnitPage {
  unit: UnitRow;
  breadcrumb: CrumbView[];
  children: { items: UnitRow[]; more: boolean };
  /** Who administers it, each reason naming its unit as it is called now. */
  administrators?: AdministratorView[];
  /** Deleted from this browser (the page came back from the router's cache, or a stale link). */
  gone: boolean;
}

export function useLiveUnitPage(page: UnitPage): LiveUnitPage {
  const store = useTreeStore();
  // Before paint: the first frame already shows the merged view.
  useLayoutEffect(() => store.ingestPage(page), [page, store]);

  const known = store.units.get(page.unit.id);
  const unit = known && known.version >= page.unit.version ? known : page.unit;

  const gone = store.isDeleted(page.unit.path) || store.isDeleted(unit.path);
  useEffect(() => {
    document.title = gone ? 'Unit not found – Arbor' : `${unit.name} – Arbor`;
  }, [unit.name, gone]);

  // Ancestors from the unit's current path (a move changes it), named from the store; the
  // server's crumbs are the fallback and say which ones the person may open.
  const served = new Map(page.breadcrumb.map((c) => [c.id, c]));
  const ids = unit.path.split('/').filter(Boolean).slice(0, -1);
  const breadcrumb = ids.every((id) => served.has(id) || store.units.has(id))
    ? ids.map((id) => ({ id, name: store.units.get(id)?.name ?? served.get(id)!.name, canOpen: served.get(id)?.canOpen ?? true }))
    : page.breadcrumb;

  const list = store.children.get(unit.id);
  const listed = list ? [...list.ids, ...list.pinned].flatMap((id) => store.units.get(id) ?? []) : page.children.items;
  const children = {
    items: listed.slice(0, PAGE_CHILDREN),
    more: listed.length > PAGE_CHILDREN || (list ? Boolean(list.nextCursor) : page.children.more),
  };

  // A fresh read after an edit here (use-administrators-recheck.ts) until the page's own refresh.
  const administrators = (store.administrators.get(page.unit.id) ?? page.administrators)?.map((a) => ({
    ...a,
    grants: a.grants.map((g) => ({ ...g, unitName: store.units.get(g.unitId)?.name ?? g.unitName })),
  }));

  return { unit, breadcrumb, children, administrators, gone };
}

// A unit's first page of children read once per page view: on the top unit's page the tree and
// the page's sub-units list show the same children (the tree more of them). The view is the
// request's context (lib/api/with-actor actorContext, one per request), so this lives as long as
// the request does.
import 'server-only';
import type { Page, TenantDb } from '../db';
import { listChildren, type Unit } from '../org';

const views = new WeakMap<TenantDb, Map<string, { limit: number; page: Promise<Page<Unit>> }>>();

/**
 * The first `limit` children of `parentId` (T3), from a first page of at least as many read in
 * this view, or read now. `nextCursor` continues after them when the page read was this long.
 */
export async function firstChildren(db: TenantDb, parentId: string, limit: number): Promise<Page<Unit> & { more: boolean }> {
  let reads = views.get(db);
  if (!reads) views.set(db, (reads = new Map()));
  let read = reads.get(parentId);
  if (!read || read.limit < limit) {
    read = { limit, page: listChildren(db, parentId, { limit }) };
    reads.set(parentId, read);
  }
  const page = await read.page;
  if (page.items.length <= limit) return { ...page, more: Boolean(page.nextCursor) };
  return { items: page.items.slice(0, limit), more: true };
}

// Where a subject's memberships give a permission, as the fewest regions of the tree (docs/checks.md,
// "List units"): each membership and each role of it giving the permission is a region, its unit
// with a reach (`subtree`, `unit`, `below`); a `unit` and a `below` on the same unit make a
// `subtree`, and a region inside another's is dropped. Path arithmetic only, no reads.
import type { Grant, Reach, RoleCatalogue } from '../authz';
import { powersOf } from '../authz/holds';
import { isWithin } from '../db';

export interface Region {
  unitId: string;
  unitPath: string;
  scope: Reach;
}

export function regionsOf(memberships: readonly Grant[], permission: string, catalogue: RoleCatalogue | undefined): Region[] {
  const byUnit = new Map<string, Region>();
  for (const g of memberships) {
    for (const p of powersOf(g, permission, catalogue)) {
      const seen = byUnit.get(g.unitId);
      byUnit.set(g.unitId, { unitId: g.unitId, unitPath: g.unitPath, scope: seen ? union(seen.scope, p.reach) : p.reach });
    }
  }
  return topMost([...byUnit.values()]);
}

const union = (a: Reach, b: Reach): Reach => (a === b ? a : 'subtree');

/** Does `outer` hold all of `inner` (on different units)? Only a region reaching below its unit can. */
const contains = (outer: Region, inner: Region) =>
  outer.unitPath !== inner.unitPath && outer.scope !== 'unit' && isWithin(inner.unitPath, outer.unitPath);

/** The regions no other region holds, in tree order (by path). */
export function topMost(regions: Region[]): Region[] {
  return regions.filter((r) => !regions.some((o) => contains(o, r))).sort((a, b) => (a.unitPath < b.unitPath ? -1 : a.unitPath > b.unitPath ? 1 : 0));
}

/**
 * The part of the regions a caller may ask about: a region the caller may ask about whole stays;
 * of one it may not, the unit itself stays when the caller may ask there (as `unit`), and the
 * caller's own tops inside it (units where they may ask about everything below) come in, each as a
 * subtree. So a listing never says more about a region than a check there could.
 */
export function askable(regions: Region[], asker: { whole(r: Region): boolean; top(r: Region): boolean; tops: readonly Region[] }): Region[] {
  const out: Region[] = [];
  for (const r of regions) {
    if (asker.whole(r)) {
      out.push(r);
      continue;
    }
    if (r.scope !== 'below' && asker.top(r)) out.push({ ...r, scope: 'unit' });
    out.push(...asker.tops.filter((t) => contains(r, t)).map((t) => ({ unitId: t.unitId, unitPath: t.unitPath, scope: 'subtree' as const })));
  }
  return topMost(dedupe(out));
}

const dedupe = (regions: Region[]) => [...new Map(regions.map((r) => [`${r.unitId}:${r.scope}`, r])).values()];

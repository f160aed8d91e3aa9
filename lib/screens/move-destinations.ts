// The move dialog's search box: units whose name (any word of it) starts with what was typed and
// that the unit may be moved into, decided by the picker's own rule (canMoveHere: lib/authz
// 'unit.move', not into itself or below, not where it already is), each with its parent's name.
// For trees too large to browse. Its requests: docs/data-model.md ("Screen budgets").
import 'server-only';
import type { ScreenContext } from './screen-context';
import { can } from '../authz';
import { getUnitOrThrow } from '../org';
import { search, SEARCH_PAGE } from '../search';
import { canMoveHere, type PickerRow } from './tree';
import { toUnitRow } from './unit-view';
import { unitLabels } from '../org/unit-labels';

/** Destinations listed at most. */
export const DESTINATION_HITS = 20;

export interface DestinationHit extends PickerRow {
  parentName?: string;
}

export async function searchMoveDestinations(ctx: ScreenContext, unitId: string, q: string): Promise<DestinationHit[]> {
  const unit = await getUnitOrThrow(ctx.db, unitId);
  ctx.authorize('tree.read', { unit });
  // Places the unit may not go are filtered out afterwards: read the most one page allows.
  const results = await search(ctx.db, q, { limit: SEARCH_PAGE.max, unitsOnly: true });
  const places = results
    .flatMap((r) => (r.kind === 'unit' && can(ctx.actor, 'tree.read', { unit: r.unit }) && canMoveHere(ctx.actor, unit, r.unit) ? [r.unit] : []))
    .slice(0, DESTINATION_HITS);
  const parents = await unitLabels(ctx.db, places.flatMap((p) => (p.parentId ? [p.parentId] : [])));
  return places.map((p) => ({
    ...toUnitRow(p, ctx.actor),
    canMoveHere: true,
    ...(p.parentId && parents.has(p.parentId) ? { parentName: parents.get(p.parentId)!.name } : {}),
  }));
}

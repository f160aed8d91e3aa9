// "Who can administer this unit, and why" as the unit page shows it (lib/authz administratorsOf
// over the unit and its ancestors). The page reads it with its breadcrumb; after an edit that can
// change it (a move, a role change, a removal) the console reads it again on its own, from the
// unit (GetItem) and its ancestors (one BatchGetItem), both strongly consistent, so the answer
// includes the edit just confirmed.
import 'server-only';
import { administratorsOf, type Grant, type RoleCatalogue } from '../authz';
import { getAncestors, getUnitOrThrow, type Ancestor, type Unit } from '../org';
import type { Role } from '../members';
import type { ScreenContext } from './screen-context';

export interface GrantView {
  role: Role;
  unitId: string;
  unitName: string;
  /** Held on this unit itself rather than on an ancestor. */
  direct: boolean;
  /** The custom role that grants it, when it is one (named from the catalogue; its key if gone). */
  customRole?: { key: string; name: string };
}

export interface AdministratorView {
  userId: string;
  name: string;
  email: string;
  /** The strongest reason first. */
  grants: GrantView[];
}

/**
 * The administrators of `unit`, each reason naming its unit and, when a custom role grants it, that
 * role by name (from `catalogue`); `ancestors` root first.
 */
export function administratorViews(unit: Pick<Unit, 'id' | 'name' | 'path' | 'administrators'>, ancestors: Ancestor[], catalogue?: RoleCatalogue): AdministratorView[] {
  const names = new Map([...ancestors.map((a) => [a.id, a.name] as const), [unit.id, unit.name]]);
  const grantView = (g: Grant & { customRole?: string }): GrantView => ({
    role: g.role, unitId: g.unitId, unitName: names.get(g.unitId) ?? 'a parent unit', direct: g.unitId === unit.id,
    ...(g.customRole ? { customRole: { key: g.customRole, name: catalogue?.roles[g.customRole]?.name ?? g.customRole } } : {}),
  });
  return administratorsOf([...ancestors, unit]).map((a) => ({ userId: a.userId, name: a.name, email: a.email, grants: a.grants.map(grantView) }));
}

/** Who can administer the unit now, for those who may ask (access.explain). */
export async function loadUnitAdministrators(ctx: ScreenContext, unitId: string): Promise<AdministratorView[]> {
  const unit = await getUnitOrThrow(ctx.db, unitId);
  ctx.authorize('access.explain', { unit });
  return administratorViews(unit, await getAncestors(ctx.db, unit), ctx.actor.catalogue);
}

// "Who can administer this unit, and why" as the unit page shows it (lib/authz administratorsOf
// over the unit and its ancestors). The page reads it with its breadcrumb; after an edit that can
// change it (a move, a role change, a removal) the console reads it again on its own, from the
// unit (GetItem) and its ancestors (one BatchGetItem), both strongly consistent, so the answer
// includes the edit just confirmed.
import 'server-only';
import { administratorsOf, type Grant } from '../authz';
import { getAncestors, getUnitOrThrow, type Ancestor, type Unit } from '../org';
import type { Role } from '../members';
import type { ScreenContext } from './screen-context';

export interface GrantView {
  role: Role;
  unitId: string;
  unitName: string;
  /** Held on this unit itself rather than on an ancestor. */
  direct: boolean;
}

export interface AdministratorView {
  userId: string;
  name: string;
  email: string;
  /** The strongest reason first. */
  grants: GrantView[];
}

/** The administrators of `unit`, each reason naming its unit; `ancestors` root first. */
export function administratorViews(unit: Pick<Unit, 'id' | 'name' | 'path' | 'administrators'>, ancestors: Ancestor[]): AdministratorView[] {
  const names = new Map([...ancestors.map((a) => [a.id, a.name] as const), [unit.id, unit.name]]);
  const grantView = (g: Grant): GrantView => ({ role: g.role, unitId: g.unitId, unitName: names.get(g.unitId) ?? 'a parent unit', direct: g.unitId === unit.id });
  return administratorsOf([...ancestors, unit]).map((a) => ({ userId: a.userId, name: a.name, email: a.email, grants: a.grants.map(grantView) }));
}

/** Who can administer the unit now, for those who may ask (access.explain). */
export async function loadUnitAdministrators(ctx: ScreenContext, unitId: string): Promise<AdministratorView[]> {
  const unit = await getUnitOrThrow(ctx.db, unitId);
  ctx.authorize('access.explain', { unit });
  return administratorViews(unit, await getAncestors(ctx.db, unit));
}

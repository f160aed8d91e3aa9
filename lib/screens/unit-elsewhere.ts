// "This unit is in another of your organizations": for a unit id the active tenant does not
// have (a page of the previous tenant after a switch, a link shared across organizations),
// which other organization of the person holds it and lets them see it.
//
// Only the person's own tenants are asked (P2, platform credentials), each with that tenant's
// scoped credentials: their memberships there (T8) and the unit (T2), in parallel. A tenant
// answers only when the person is a member who may see the unit (lib/authz 'tree.read'), so
// nothing is said about a tenant they are not in or a unit outside their view there. Runs only
// on the not-found path, so no screen's budget pays for it.
import 'server-only';
import { can } from '../authz';
import type { PlatformDb, TenantDb } from '../db';
import { getUserMemberships } from '../members';
import { getUnit } from '../org';
import { platformDb, tenantDb } from '../tenancy';
import { listUserTenants } from '../users';
import { validateId } from '../validation';
import type { ScreenContext } from './screen-context';

/** Tenants asked at most (a person in more organizations than this is told nothing more). */
const MAX_TENANTS = 10;

export interface UnitElsewhere {
  tenantId: string;
  tenantName: string;
  unitName: string;
}

export interface ElsewhereDeps {
  platform: PlatformDb;
  /** A TenantDb with that tenant's scoped credentials. */
  tenantDb(tenantId: string, options: { userId: string }): Promise<TenantDb>;
}

const appDeps = (): ElsewhereDeps => ({ platform: platformDb(), tenantDb });

export async function findUnitElsewhere(
  ctx: Pick<ScreenContext, 'actor'>,
  rawUnitId: string,
  deps: ElsewhereDeps = appDeps(),
): Promise<UnitElsewhere | undefined> {
  let unitId: string;
  try {
    unitId = validateId(rawUnitId, 'unit');
  } catch {
    return undefined;
  }
  const { userId, tenantId: active } = ctx.actor;
  const tenants = (await listUserTenants(deps.platform, userId)).filter((t) => t.tenantId !== active).slice(0, MAX_TENANTS);
  const found = await Promise.all(
    tenants.map(async (t) => {
      try {
        const db = await deps.tenantDb(t.tenantId, { userId });
        const [{ memberships }, unit] = await Promise.all([getUserMemberships(db, userId), getUnit(db, unitId)]);
        if (!unit || !can({ tenantId: t.tenantId, userId, memberships }, 'tree.read', { unit })) return undefined;
        return { tenantId: t.tenantId, tenantName: t.name, unitName: unit.name };
      } catch {
        // One organization that can't answer just now doesn't hide the others.
        return undefined;
      }
    }),
  );
  return found.find(Boolean);
}

// Who gains and loses what when a role's permissions or reach change, per membership holding it
// (pure: the preview reads the holders and units, this decides). A membership's power through
// custom roles is, per permission, whether it covers the membership's unit and whether it covers
// the units below; a holder gains a permission where it covers somewhere new, and loses it where
// it no longer does. Other custom roles on the same membership keep what they give; owners and
// admins hold every permission everywhere, so no change of a role changes theirs.
import { TENANT_ROLES, type CustomRole, type Reach, type RoleCatalogue } from '../authz';
import type { Role } from '../authz';

export interface RoleShape {
  permissions: readonly string[];
  reach: Reach;
}

/** A membership holding the role: its built-in role and every custom role it holds there. */
export interface HoldingMembership {
  role?: Role;
  roles?: readonly string[];
}

export interface HolderDiff {
  gains: string[];
  loses: string[];
}

interface Coverage {
  unit: boolean;
  below: boolean;
}

const REACH_COVERS: Record<Reach, Coverage> = {
  subtree: { unit: true, below: true },
  unit: { unit: true, below: false },
  below: { unit: false, below: true },
};

/** What each permission covers through the membership's custom roles, with `roleKey` shaped as `shape`. */
function coverage(m: HoldingMembership, roleKey: string, shape: RoleShape, catalogue: Pick<RoleCatalogue, 'roles'>): Map<string, Coverage> {
  const out = new Map<string, Coverage>();
  for (const key of new Set([...(m.roles ?? []), roleKey])) {
    const role: RoleShape | undefined = key === roleKey ? shape : Object.hasOwn(catalogue.roles, key) ? catalogue.roles[key] : undefined;
    if (!role) continue;
    const covers = REACH_COVERS[role.reach];
    for (const p of role.permissions) {
      const held = out.get(p) ?? { unit: false, below: false };
      out.set(p, { unit: held.unit || covers.unit, below: held.below || covers.below });
    }
  }
  return out;
}

const reachesFurther = (a: Coverage | undefined, b: Coverage | undefined) => Boolean((a?.unit && !b?.unit) || (a?.below && !b?.below));

/** The permissions one holder gains and loses, somewhere, when `role` becomes `next`. */
export function diffHolder(m: HoldingMembership, role: CustomRole, next: RoleShape, catalogue: Pick<RoleCatalogue, 'roles'>): HolderDiff {
  if (m.role && TENANT_ROLES.includes(m.role)) return { gains: [], loses: [] };
  const before = coverage(m, role.key, role, catalogue);
  const after = coverage(m, role.key, next, catalogue);
  const all = [...new Set([...before.keys(), ...after.keys()])].sort();
  return {
    gains: all.filter((p) => reachesFurther(after.get(p), before.get(p))),
    loses: all.filter((p) => reachesFurther(before.get(p), after.get(p))),
  };
}

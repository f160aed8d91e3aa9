// The rules of custom roles' own actions (docs/authorization.md, "Custom roles"): nobody grants
// what they do not hold. Giving or taking away a custom role on unit X (`role.assign`) needs the
// right to manage X's plain members and every permission of the role over the role's reach from
// X; defining or changing roles (`roles.manage`) is the owners' and admins', or a custom role's
// holding `roles.manage` on the top unit, and putting a permission in a role needs it everywhere.
// The built-in part is here; what custom roles grant is custom-grants.ts.
import { isTenantWide, managesAt } from './grants';
import { firstNotHeld, firstNotHeldEverywhere } from './holds';
import { permissionWords, regionWords } from './permission-words';
import { customGrant, roleHolding } from './custom-grants';
import { orAbove } from './unit-words';
import type { Rule } from './rules';

export const ROLE_RULES: { 'roles.manage': Rule<'roles.manage'>; 'role.assign': Rule<'role.assign'> } = {
  'roles.manage': {
    // Owners and admins hold every permission everywhere, so any role is theirs to define.
    grants: (g) => isTenantWide(g),
    deny: ({ permissions }, access) => {
      const managesRoles = access.memberships.some((g) => customGrant(g, 'roles.manage', {}, access) !== undefined);
      const missing = managesRoles ? firstNotHeldEverywhere(access, permissions ?? []) : undefined;
      return missing
        ? { reason: 'permissionNotHeld', message: `You need ${permissionWords(missing, access.catalogue)} everywhere in the organization to put it in a role.` }
        : { reason: 'tenantRoleRequired', message: "Only owners and admins can manage the organization's roles." };
    },
  },
  'role.assign': {
    grants: (g, { unit, role }, access) => managesAt(g, unit.path) && !firstNotHeld(access, role.permissions, unit, role.reach),
    deny: ({ unit, role }, access) => {
      const managesMembers = access.memberships.some((g) => managesAt(g, unit.path) || roleHolding(g, access, 'members.manage', unit));
      const missing = managesMembers ? firstNotHeld(access, role.permissions, unit, role.reach) : undefined;
      if (!missing) return { reason: 'notManager', message: `You need to manage ${orAbove(unit)} to give people roles there.` };
      return {
        reason: 'permissionNotHeld',
        message: `You need ${permissionWords(missing, access.catalogue)} ${regionWords(role.reach, unit)} to give this role.`,
      };
    },
  },
};

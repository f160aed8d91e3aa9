// The roles a membership can hold and how they rank: the vocabulary every permission rule is
// written in. Owner and admin apply to the whole tenant and are held on the top unit only.
export const ROLES = ['owner', 'admin', 'manager', 'member'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that apply to the whole tenant and so are held on the root unit only. */
export const TENANT_ROLES: readonly Role[] = ['owner', 'admin'];
export const ROLE_RANK: Record<Role, number> = { owner: 4, admin: 3, manager: 2, member: 1 };

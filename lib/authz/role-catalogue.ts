// The vocabulary of custom roles (docs/roles.md): the permissions a role may hold, how far a role
// reaches from the unit where it is held, and the tenant's catalogue of roles. Arbor's own
// permissions are a fixed list; a tenant adds permissions of its own, which Arbor stores, assigns,
// explains and answers questions about but never acts on.
import type { Role } from './roles';

/**
 * Where a role's power reaches from the unit U it is held on: `subtree` = U and everything below
 * it; `unit` = U only; `below` = only the units below U (the built-in manager's unit powers).
 */
export const REACHES = ['subtree', 'unit', 'below'] as const;
export type Reach = (typeof REACHES)[number];

/** Arbor's own permissions a custom role may hold, grouped as the console lists them. */
export const ARBOR_PERMISSIONS = {
  'tree.read': { area: 'Tree', label: 'See units and their members' },
  'unit.create': { area: 'Tree', label: 'Add units' },
  'unit.rename': { area: 'Tree', label: 'Rename units' },
  'unit.move': { area: 'Tree', label: 'Move units' },
  'unit.delete': { area: 'Tree', label: 'Delete units' },
  'members.manage': { area: 'People', label: 'Add, invite and remove members, and give them roles they hold themselves' },
  'audit.read': { area: 'History', label: "See units' history" },
  'access.explain': { area: 'Access', label: 'See who can administer a unit and why' },
  'roles.manage': { area: 'Access', label: 'Define roles and permissions (held on the top unit)' },
} as const;
export type ArborPermission = keyof typeof ARBOR_PERMISSIONS;
export const isArborPermission = (p: string): p is ArborPermission => Object.hasOwn(ARBOR_PERMISSIONS, p);

/**
 * A role key or a tenant permission key: lower-case words of letters and digits joined by `.`,
 * `-` or `_`, 2–64 characters. Keys are stable identifiers other systems use; names are for people.
 */
export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*$/;
export const KEY_MAX_LENGTH = 64;

/** The named limits (docs/roles.md#limits): a large company's needs, refused past them. */
export const ROLE_LIMITS = {
  /** Custom roles per tenant (the built-in four not counted). */
  rolesPerTenant: 100,
  /** Permissions a tenant defines for its own applications. */
  permissionsPerTenant: 200,
  /** Permissions in one role (Arbor's and the tenant's together). */
  permissionsPerRole: 50,
  /** Custom roles one membership holds, beside its built-in role. */
  rolesPerMembership: 10,
  nameLength: 60,
  descriptionLength: 500,
  /**
   * The catalogue item as a whole (UTF-8 JSON bytes): every other limit at its maximum with long
   * descriptions would pass DynamoDB's 400 KB item size, so the total is a limit of its own.
   */
  catalogueBytes: 350_000,
} as const;

/** A role of the tenant's own, as stored in its catalogue. */
export interface CustomRole {
  key: string;
  name: string;
  description: string;
  /** Arbor permissions and the tenant's own, each at most once. */
  permissions: string[];
  reach: Reach;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A permission the tenant defined for its own applications. */
export interface TenantPermission {
  key: string;
  description: string;
  createdAt: string;
}

/** Everything a decision needs to know about the tenant's roles: one item, read at most once per request. */
export interface RoleCatalogue {
  /** Bumped by every change; a write decided with a custom role is conditioned on it. */
  version: number;
  roles: Record<string, CustomRole>;
  permissions: Record<string, TenantPermission>;
}

export const EMPTY_CATALOGUE: RoleCatalogue = { version: 0, roles: {}, permissions: {} };

/**
 * The built-in roles shown beside the custom ones, read-only. Their decisions are the rule table's
 * (lib/authz/rules.ts); this says the same in the catalogue's words, for people and for
 * "holds every permission" checks.
 */
export const BUILT_IN_ROLES: Record<Role, { name: string; description: string }> = {
  owner: { name: 'Owner', description: 'The whole organization, its settings and sign-in; the only role that manages owners. Held on the top unit.' },
  admin: { name: 'Admin', description: 'The whole organization and its settings, except owners. Held on the top unit.' },
  manager: { name: 'Manager', description: 'Sees the unit and everything below it; administers the units below it and their people, and the unit’s members.' },
  member: { name: 'Member', description: 'Sees the unit, everything below it and their members.' },
};

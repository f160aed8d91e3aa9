// The role catalogue item (`T#<t>` / `ROLES`, docs/data-model.md): the tenant's custom roles and
// permissions in one item, so a decision reads them with one GetItem and a write that relied on
// them is conditioned on one version.
import { z } from 'zod';
import { itemParser, keys } from '../db';
import { EMPTY_CATALOGUE, REACHES, type RoleCatalogue } from '../authz';

const storedRole = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  reach: z.enum(REACHES),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const storedPermission = z.object({ key: z.string(), description: z.string(), createdAt: z.string() });
const storedCatalogue = z.object({
  version: z.number(),
  roles: z.record(z.string(), storedRole),
  permissions: z.record(z.string(), storedPermission),
});
const parseCatalogue = itemParser('roleCatalogue', storedCatalogue);

/** The stored item as a catalogue; a tenant that never defined a role has none (the empty catalogue). */
export function toRoleCatalogue(item: Record<string, unknown> | undefined): RoleCatalogue {
  return item ? parseCatalogue(item) : EMPTY_CATALOGUE;
}

/** The whole item, as a write puts it. */
export function roleCatalogueItem(tenantId: string, catalogue: RoleCatalogue): Record<string, unknown> {
  return { ...keys.roleCatalogue(tenantId), type: 'roleCatalogue', tenantId, ...catalogue };
}

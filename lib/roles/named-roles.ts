// The custom roles a request names by key, as every source of assignments takes them (directory
// rules, invitations, CSV import, API keys): read the catalogue (one GetItem, shared for a few
// seconds) only when some are named, then each key once, in the catalogue, within the limit.
// Each source refuses with its own error.
import 'server-only';
import { findCustomRoles, type CustomRole } from '../authz';
import type { TenantDb } from '../db';
import type { ArborError } from '../errors';
import { readRoleCatalogue } from './read-catalogue';

export async function customRolesNamed(db: TenantDb, keys: readonly string[] | undefined, refuse: (problem: string) => ArborError): Promise<CustomRole[]> {
  if (!keys?.length) return [];
  const named = findCustomRoles(await readRoleCatalogue(db), keys);
  if (!named.roles) throw refuse(named.problem);
  return named.roles;
}

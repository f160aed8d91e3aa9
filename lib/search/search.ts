// T10: find units and members by the start of any word of their name (docs/data-model.md
// "Name words"), and members by email prefix.
//
// Two Queries, sent in parallel: GSI3 `T#<t>#NAMES` (units and member profiles by their whole
// name, and word items by each later word) and GSI2 `T#<t>#EMAILS` (profiles by email; pending
// invitations share that index and are filtered out); then one BatchGetItem of the owners found
// by a later word, when there are any. Names that start with the prefix come first in name order,
// then names matched at a later word, then members matched only by email, in email order; each
// unit appears once, and each member by the rule of ./search-people (emailRowsToKeep).
import 'server-only';
import { INDEX, keys, pageSize, queryPage, type TenantDb } from '../db';
import { toTenantUser, type TenantUser } from '../members/membership-items';
import type { TenantMemberRow } from '../members/list-tenant-members';
import { toUnit, type Unit } from '../org/unit-item';
import { validateSearchPrefix } from '../validation';
import { ownersOfNamePage } from './owner-matches';
import { couldBeEmail, emailRowsToKeep } from './search-people';

export const SEARCH_PAGE = { default: 20, max: 50 } as const;

export type SearchResult = { kind: 'unit'; unit: Unit } | { kind: 'member'; user: TenantUser };

// A name found by two of its entries (its start and a word, or two words) counts once: read a
// little more of the names index so such repeats still leave `limit` results.
const NAME_READ_FACTOR = 2;

export interface SearchOptions {
  limit?: number;
  /** Units only (the move dialog's destinations): no email Query, no people. */
  unitsOnly?: boolean;
}

export async function search(db: TenantDb, rawPrefix: string, options: SearchOptions = {}): Promise<SearchResult[]> {
  const prefix = validateSearchPrefix(rawPrefix);
  const limit = pageSize(options.limit, SEARCH_PAGE);
  // One page each, no cursor: search shows its best `limit` results only. The email Query's
  // filter drops invitations, so queryPage reads on until the page is full.
  const query = (IndexName: string, pk: string, filterMembers: boolean, pageLimit = limit) =>
    queryPage(
      db,
      {
        IndexName,
        KeyConditionExpression: `${IndexName}PK = :pk AND begins_with(${IndexName}SK, :prefix)`,
        ...(filterMembers
          ? { FilterExpression: '#type = :member', ExpressionAttributeNames: { '#type': 'type' } }
          : {}),
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix, ...(filterMembers ? { ':member': 'tenantUser' } : {}) },
      },
      { limit: pageLimit, scope: `T10:${db.tenantId}:${IndexName}:${prefix}` },
    );

  const [byName, byEmail] = await Promise.all([
    query(INDEX.gsi3, keys.gsi3.names(db.tenantId), false, limit * NAME_READ_FACTOR),
    !options.unitsOnly && couldBeEmail(prefix) ? query(INDEX.gsi2, keys.gsi2.emails(db.tenantId), true) : undefined,
  ]);

  const results: SearchResult[] = [];
  const byNamePeople: TenantUser[] = [];
  for (const { item } of await ownersOfNamePage(db, byName.items, prefix)) {
    if (item.type === 'unit') results.push({ kind: 'unit', unit: toUnit(item) });
    else if (item.type === 'tenantUser' && !options.unitsOnly) {
      const user = toTenantUser(item);
      byNamePeople.push(user);
      results.push({ kind: 'member', user });
    }
  }
  const byEmailRows = (byEmail?.items ?? []).map((item): TenantMemberRow => ({ kind: 'member', user: toTenantUser(item) }));
  for (const row of emailRowsToKeep(byNamePeople, byEmailRows, prefix, false)) {
    if (row.kind === 'member') results.push({ kind: 'member', user: row.user });
  }
  return results.slice(0, limit);
}

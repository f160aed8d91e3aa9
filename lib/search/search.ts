// T10: find units and members by the start of any word of their name (docs/data-model.md
// "Name words"), and members by email prefix. Server-only.
//
// Two Queries, sent in parallel: GSI3 `T#<t>#NAMES` (units and member profiles by their whole
// name, and word items by each later word) and GSI2 `T#<t>#EMAILS` (profiles by email; pending
// invitations share that index and are filtered out); then one BatchGetItem of the owners found
// by a later word, when there are any. Names that start with the prefix come first in name order,
// then names matched at a later word, then members matched only by email, in email order; each
// unit and member appears once.
import { INDEX, keys, pageSize, queryPage, type TenantDb } from '../db';
import { toTenantUser, type TenantUser } from '../members/membership-items';
import { toUnit, type Unit } from '../org/unit-item';
import { validateSearchPrefix } from '../validation';
import { ownersOfNamePage } from './owner-matches';

export const SEARCH_PAGE = { default: 20, max: 50 } as const;

export type SearchResult = { kind: 'unit'; unit: Unit } | { kind: 'member'; user: TenantUser };

// Emails hold no whitespace: a prefix with a space can only be a name.
const COULD_BE_EMAIL = /^[^\s]+$/;

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
    !options.unitsOnly && COULD_BE_EMAIL.test(prefix) ? query(INDEX.gsi2, keys.gsi2.emails(db.tenantId), true) : undefined,
  ]);

  const results: SearchResult[] = [];
  const seenUsers = new Set<string>();
  for (const { item } of await ownersOfNamePage(db, byName.items, prefix)) {
    if (item.type === 'unit') results.push({ kind: 'unit', unit: toUnit(item) });
    else if (item.type === 'tenantUser' && !options.unitsOnly) {
      const user = toTenantUser(item);
      seenUsers.add(user.userId);
      results.push({ kind: 'member', user });
    }
  }
  for (const user of (byEmail?.items ?? []).map(toTenantUser)) {
    if (!seenUsers.has(user.userId)) results.push({ kind: 'member', user });
  }
  return results.slice(0, limit);
}

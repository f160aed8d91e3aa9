// Members by name, paginated: GSI3 `T#<t>#NAMES` holds units and member profiles by their whole
// name and word items by each later word (docs/data-model.md "Name words"), so one Query page
// filtered to profiles and profiles' words, then one BatchGetItem of the people found by a later
// word. The tenant member list uses it beside the email-prefix listing (lib/members
// listTenantMembers) to search people by name or email with a cursor. Server-only.
import { INDEX, keys, pageSize, queryPage, type Page, type TenantDb } from '../db';
import { toTenantUser, type TenantUser } from '../members/membership-items';
import { validateSearchPrefix } from '../validation';
import { ownersOfNamePage } from './owner-matches';

export const MEMBER_NAMES_PAGE = { default: 50, max: 100 } as const;

/**
 * Profiles whose name (their email when nameless) starts with the prefix, then, on each page,
 * those with a later word that does. Units and their words share the index partition and are
 * filtered out after the read (queryPage reads on until the page is full), and a person is
 * listed from one entry only, so a page may hold fewer rows than entries it found.
 */
export async function searchMembersByName(
  db: TenantDb,
  rawPrefix: string,
  options: { limit?: number; cursor?: string } = {},
): Promise<Page<TenantUser>> {
  const prefix = validateSearchPrefix(rawPrefix, 'member.badPrefix');
  const limit = pageSize(options.limit, MEMBER_NAMES_PAGE);
  const scope = `T10n:${db.tenantId}:${prefix}`;
  const page = await queryPage(
    db,
    {
      IndexName: INDEX.gsi3,
      KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :prefix)',
      FilterExpression: '#type = :member OR (#type = :word AND #owner = :member)',
      ExpressionAttributeNames: { '#type': 'type', '#owner': 'owner' },
      ExpressionAttributeValues: { ':pk': keys.gsi3.names(db.tenantId), ':prefix': prefix, ':member': 'tenantUser', ':word': 'nameWord' },
    },
    { limit, scope, cursor: options.cursor },
  );
  const people = await ownersOfNamePage(db, page.items, prefix);
  return { items: people.map((p) => toTenantUser(p.item)), nextCursor: page.nextCursor };
}

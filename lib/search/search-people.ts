// People by name or email prefix (T10), the one place people are searched. Two streams: names
// from GSI3 `T#<t>#NAMES` (profiles by their whole name, and word items by each later word,
// docs/data-model.md "Name words") and emails from GSI2 `T#<t>#EMAILS`. `emailRowsToKeep` is the
// one rule that merges them; `search` (units and people in one list) applies it to its single page,
// `searchPeople` (the member list) to each page of a paged search.
import 'server-only';
import { badCursor } from '../db/errors';
import { INDEX, keys, pageSize, queryPage, type Page, type TenantDb } from '../db';
import { listTenantMembers, type TenantMemberRow } from '../members/list-tenant-members';
import { toTenantUser, type TenantUser } from '../members/membership-items';
import { validateSearchPrefix } from '../validation';
import { personNameMatches } from '../items/name-words';
import { ownersOfNamePage } from './owner-matches';

/** Rows per stream per page: a page holds up to twice this. */
export const PEOPLE_PAGE = { default: 25, max: 100 } as const;

// Emails hold no whitespace: a prefix with a space can only be a name.
export const couldBeEmail = (prefix: string) => !/\s/.test(prefix);

/**
 * The one de-duplication rule: each person is listed once, and from the name stream whenever it
 * lists them. Of the email stream this keeps invitations and the people the name stream does not
 * list in this search: with one page, whoever `byName` does not hold; across pages (`paged`),
 * whoever's name does not match the prefix (the name stream lists those on some page), so no page
 * repeats a person from another.
 */
export function emailRowsToKeep(byName: TenantUser[], byEmail: TenantMemberRow[], prefix: string, paged: boolean): TenantMemberRow[] {
  const listed = new Set(byName.map((u) => u.userId));
  return byEmail.filter((r) => r.kind === 'invitation' || !(listed.has(r.user.userId) || (paged && personNameMatches(r.user, prefix))));
}

/** The search cursor: each stream's own signed cursor, `null` once that stream is exhausted. */
interface PeopleCursor {
  n?: string | null;
  e?: string | null;
}

function readCursor(raw: string | undefined): PeopleCursor {
  if (!raw) return {};
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as PeopleCursor;
    const ok = (v: unknown) => v === undefined || v === null || typeof v === 'string';
    if (typeof value === 'object' && value && ok(value.n) && ok(value.e)) return value;
  } catch {
    // fall through
  }
  throw badCursor();
}

const writeCursor = (c: PeopleCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/**
 * One page of people (and pending invitations, flagged) whose name, any word of it, or email
 * starts with the prefix: a page of each stream in parallel (units and their words share the
 * names partition and are filtered out after the read), then one BatchGetItem of the people
 * found by a later word, when there are any. Name matches first, in name order, then email
 * matches in email order.
 */
export async function searchPeople(
  db: TenantDb,
  rawPrefix: string,
  options: { limit?: number; cursor?: string } = {},
): Promise<Page<TenantMemberRow>> {
  const prefix = validateSearchPrefix(rawPrefix, 'member.badPrefix');
  const limit = pageSize(options.limit, PEOPLE_PAGE);
  const cursor = readCursor(options.cursor);
  const [byName, byEmail] = await Promise.all([
    cursor.n === null ? undefined : namePage(db, prefix, limit, cursor.n),
    cursor.e === null || !couldBeEmail(prefix) ? undefined : listTenantMembers(db, { emailPrefix: prefix, limit, cursor: cursor.e }),
  ]);
  const next: PeopleCursor = { n: byName?.nextCursor ?? null, e: byEmail?.nextCursor ?? null };
  return {
    items: [
      ...(byName?.items ?? []).map((user): TenantMemberRow => ({ kind: 'member', user })),
      ...emailRowsToKeep(byName?.items ?? [], byEmail?.items ?? [], prefix, true),
    ],
    nextCursor: next.n || next.e ? writeCursor(next) : undefined,
  };
}

async function namePage(db: TenantDb, prefix: string, limit: number, cursor: string | undefined): Promise<Page<TenantUser>> {
  const page = await queryPage(
    db,
    {
      IndexName: INDEX.gsi3,
      KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :prefix)',
      FilterExpression: '#type = :member OR (#type = :word AND #owner = :member)',
      ExpressionAttributeNames: { '#type': 'type', '#owner': 'owner' },
      ExpressionAttributeValues: { ':pk': keys.gsi3.names(db.tenantId), ':prefix': prefix, ':member': 'tenantUser', ':word': 'nameWord' },
    },
    { limit, scope: `T10n:${db.tenantId}:${prefix}`, cursor },
  );
  const people = await ownersOfNamePage(db, page.items, prefix);
  return { items: people.map((p) => toTenantUser(p.item)), nextCursor: page.nextCursor };
}

// The people list's listings (one Query page each; docs/data-model.md "People list"):
// by email (GSI2 `T#<t>#EMAILS`, with pending invitations), by name (GSI3 `T#<t>#NAMES`, shared
// with units and name words, filtered to profiles), by joined date (GSI1 `T#<t>#JOINED`, profiles
// only). A role filter is a FilterExpression on the profile's exact `roleCounts` (and on an
// invitation's role); the page reads on until it is full (lib/db queryPage).
import 'server-only';
import { INDEX, keys, pageSize, queryPage, type Page, type TenantDb } from '../db';
import { NOT_EXPIRED, toInvitation } from '../items/invitation-item';
import type { TenantMemberRow } from './list-tenant-members';
import { toTenantUser, type Role } from './membership-items';

export const PEOPLE_SORTS = ['email', 'name', 'joined'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

export interface PeopleListOptions {
  sort?: PeopleSort;
  /** People holding this role in at least one unit (and invitations to it, by email). */
  role?: Role;
  /** Newest first (joined) or Z→A (name, email). */
  descending?: boolean;
  limit?: number;
  cursor?: string;
}

export const PEOPLE_PAGE = { default: 50, max: 100 } as const;

export async function listPeople(db: TenantDb, options: PeopleListOptions = {}): Promise<Page<TenantMemberRow>> {
  const sort = options.sort ?? 'email';
  const limit = pageSize(options.limit, PEOPLE_PAGE);
  const source = {
    email: { index: INDEX.gsi2, pk: 'GSI2PK', value: keys.gsi2.emails(db.tenantId) },
    name: { index: INDEX.gsi3, pk: 'GSI3PK', value: keys.gsi3.names(db.tenantId) },
    joined: { index: INDEX.gsi1, pk: 'GSI1PK', value: keys.gsi1.membersByJoined(db.tenantId) },
  }[sort];
  const names: Record<string, string> = { '#pk': source.pk, '#type': 'type' };
  const values: Record<string, unknown> = { ':pk': source.value, ':member': 'tenantUser' };
  let member = '#type = :member';
  if (options.role) {
    member += ' AND #rc.#role > :zero';
    Object.assign(names, { '#rc': 'roleCounts', '#role': options.role });
    Object.assign(values, { ':zero': 0 });
  }
  let filter = member;
  if (sort === 'email') {
    // Pending invitations share the email partition: listed (flagged) unless expired.
    const invitation = `#type = :invitation AND ${NOT_EXPIRED.expression}${options.role ? ' AND #invRole = :role' : ''}`;
    filter = `(${member}) OR (${invitation})`;
    Object.assign(names, NOT_EXPIRED.names, options.role ? { '#invRole': 'role' } : {});
    Object.assign(values, NOT_EXPIRED.values(), { ':invitation': 'invitation' }, options.role ? { ':role': options.role } : {});
  }
  const scope = `directory:${db.tenantId}:${sort}:${options.role ?? ''}:${options.descending ? 'd' : 'a'}`;
  const page = await queryPage(
    db,
    {
      IndexName: source.index,
      KeyConditionExpression: '#pk = :pk',
      FilterExpression: filter,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: !options.descending,
    },
    { limit, scope, cursor: options.cursor },
  );
  const items = page.items.map(
    (item): TenantMemberRow =>
      item.type === 'invitation' ? { kind: 'invitation', invitation: toInvitation(item) } : { kind: 'member', user: toTenantUser(item) },
  );
  return { items, nextCursor: page.nextCursor };
}

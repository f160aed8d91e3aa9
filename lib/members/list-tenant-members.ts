// The tenant's member list, sorted by email, with pending invitations in the same list.
//
// GSI2 `T#<t>#EMAILS` holds both tenant profiles and invitations, sorted by email. Pending
// invitations are kept in the list, flagged, rather than filtered out: the member list is where an
// admin checks whether someone is in or already invited, and one Query serves both. Expired
// invitations (TTL deletion is lazy) are filtered out (queryPage reads on until the page is full).
import 'server-only';
import { INDEX, keys, pageSize, queryPage, type Page, type TenantDb } from '../db';
import { NOT_EXPIRED, toInvitation, type Invitation } from '../items/invitation-item';
import { validateSearchPrefix } from '../validation';
import { toTenantUser, type TenantUser } from './membership-items';

export const TENANT_MEMBERS_PAGE = { default: 50, max: 100 } as const;

export type TenantMemberRow = { kind: 'member'; user: TenantUser } | { kind: 'invitation'; invitation: Invitation };

export interface TenantMembersOptions {
  limit?: number;
  cursor?: string;
  /** Only emails starting with this text (case-insensitive). */
  emailPrefix?: string;
}

export async function listTenantMembers(db: TenantDb, options: TenantMembersOptions = {}): Promise<Page<TenantMemberRow>> {
  const limit = pageSize(options.limit, TENANT_MEMBERS_PAGE);
  const prefix = options.emailPrefix ? validateSearchPrefix(options.emailPrefix, 'member.badPrefix') : undefined;
  const scope = `members:${db.tenantId}:${prefix ?? ''}`;
  const page = await queryPage(
    db,
    {
      IndexName: INDEX.gsi2,
      KeyConditionExpression: prefix ? 'GSI2PK = :pk AND begins_with(GSI2SK, :prefix)' : 'GSI2PK = :pk',
      FilterExpression: `#type = :member OR (#type = :invitation AND ${NOT_EXPIRED.expression})`,
      ExpressionAttributeNames: { '#type': 'type', ...NOT_EXPIRED.names },
      ExpressionAttributeValues: {
        ':pk': keys.gsi2.emails(db.tenantId), ':member': 'tenantUser', ':invitation': 'invitation',
        ...NOT_EXPIRED.values(), ...(prefix ? { ':prefix': prefix } : {}),
      },
    },
    { limit, scope, cursor: options.cursor },
  );
  const items = page.items.map(
    (item): TenantMemberRow =>
      item.type === 'invitation' ? { kind: 'invitation', invitation: toInvitation(item) } : { kind: 'member', user: toTenantUser(item) },
  );
  return { items, nextCursor: page.nextCursor };
}

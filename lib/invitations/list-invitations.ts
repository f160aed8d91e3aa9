// T13 reads: pending invitations of the tenant (GSI1, oldest first) and those for one email
// (GSI2, at sign-in). Expired ones are never returned: TTL deletion is lazy, so `expiresAt > now`
// is filtered on every read.
import 'server-only';
import { INDEX, keys, pageSize, queryAll, queryPage, type Page, type TenantDb } from '../db';
import { validateEmail } from '../validation';
import { NOT_EXPIRED, toInvitation, type Invitation } from '../items/invitation-item';

export const INVITATIONS_PAGE = { default: 50, max: 100 } as const;

/** Pending, unexpired invitations, oldest first. */
export async function listPendingInvitations(
  db: TenantDb,
  options: { limit?: number; cursor?: string } = {},
): Promise<Page<Invitation>> {
  const limit = pageSize(options.limit, INVITATIONS_PAGE);
  const scope = `T13:${db.tenantId}`;
  const page = await queryPage(
    db,
    {
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: NOT_EXPIRED.expression,
      ExpressionAttributeNames: NOT_EXPIRED.names,
      ExpressionAttributeValues: { ':pk': keys.gsi1.invitations(db.tenantId), ...NOT_EXPIRED.values() },
    },
    { limit, scope, cursor: options.cursor },
  );
  return { items: page.items.map(toInvitation), nextCursor: page.nextCursor };
}

/** Every pending, unexpired invitation for one email address (usually zero to a handful). */
export async function getInvitationsForEmail(db: TenantDb, rawEmail: string): Promise<Invitation[]> {
  const email = validateEmail(rawEmail);
  const items = await queryAll(db, {
    IndexName: INDEX.gsi2,
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK = :email',
    FilterExpression: `#type = :invitation AND ${NOT_EXPIRED.expression}`,
    ExpressionAttributeNames: { '#type': 'type', ...NOT_EXPIRED.names },
    ExpressionAttributeValues: { ':pk': keys.gsi2.emails(db.tenantId), ':email': email, ':invitation': 'invitation', ...NOT_EXPIRED.values() },
  });
  return items.map(toInvitation).sort((a, b) => a.id.localeCompare(b.id));
}

/** One unit's pending, unexpired invitations, oldest first (GSI3; the unit's Members panel). */
export async function listUnitInvitations(
  db: TenantDb,
  unitId: string,
  options: { limit?: number; cursor?: string } = {},
): Promise<Page<Invitation>> {
  const limit = pageSize(options.limit, INVITATIONS_PAGE);
  const scope = `T13u:${db.tenantId}:${unitId}`;
  const page = await queryPage(
    db,
    {
      IndexName: INDEX.gsi3,
      KeyConditionExpression: 'GSI3PK = :pk',
      FilterExpression: NOT_EXPIRED.expression,
      ExpressionAttributeNames: NOT_EXPIRED.names,
      ExpressionAttributeValues: { ':pk': keys.gsi3.unitInvitations(db.tenantId, unitId), ...NOT_EXPIRED.values() },
    },
    { limit, scope, cursor: options.cursor },
  );
  return { items: page.items.map(toInvitation), nextCursor: page.nextCursor };
}

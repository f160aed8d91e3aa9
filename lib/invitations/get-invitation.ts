// T13 read: one invitation by id (GetItem, strongly consistent), so an entry point can authorize
// against the invitation's stored unit and role before revoking it. Expired ones count as gone.
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type TenantDb } from '../db';
import { validateId } from '../validation';
import { nowSeconds, toInvitation, type Invitation } from '../items/invitation-item';

export async function getInvitation(db: TenantDb, invitationId: string): Promise<Invitation | undefined> {
  const id = validateId(invitationId, 'invitation');
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.invitation(db.tenantId, id), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const invitation = toInvitation(out.Item);
  return Date.parse(invitation.expiresAt) / 1000 > nowSeconds() ? invitation : undefined;
}

// Following an invitation link: which invitation it is, if it is still good.
// One GetItem (strongly consistent) with the scoped credentials of the tenant the token names,
// after a platform GetItem of that tenant's registry entry: a forged tenant id ends there
// instead of costing an STS AssumeRole, and the entry gives the organization's name.
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type PlatformDb, type TenantDb } from '../db';
import { nowSeconds, toInvitation, type Invitation } from '../items/invitation-item';
import { parseInvitationToken, secretMatches, type InvitationToken } from './invitation-link';

export type ResolvedInvitationLink =
  | { status: 'valid'; invitation: Invitation; organization: string; token: InvitationToken }
  /** Malformed, forged, revoked, already used, replaced by a newer link, or past its expiry. */
  | { status: 'invalid' };

export interface ResolveDeps {
  platform: PlatformDb;
  tenantDb(tenantId: string): Promise<TenantDb>;
}

export async function resolveInvitationLink(deps: ResolveDeps, rawToken: unknown): Promise<ResolvedInvitationLink> {
  const token = parseInvitationToken(rawToken);
  if (!token) return { status: 'invalid' };
  const entry = await deps.platform.client.send(
    new GetCommand({ TableName: deps.platform.tableName, Key: keys.tenantRegistry(token.tenantId), ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'name' } }),
  );
  if (!entry.Item) return { status: 'invalid' };
  const db = await deps.tenantDb(token.tenantId);
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.invitation(db.tenantId, token.invitationId), ConsistentRead: true }));
  // An accepted or revoked invitation is deleted, so its link finds nothing: single use.
  if (!out.Item || !secretMatches(token.secret, out.Item.tokenHash)) return { status: 'invalid' };
  const invitation = toInvitation(out.Item);
  if (Date.parse(invitation.expiresAt) / 1000 <= nowSeconds()) return { status: 'invalid' };
  return { status: 'valid', invitation, organization: entry.Item.name as string, token };
}

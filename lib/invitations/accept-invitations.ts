// T13 accept: at SSO sign-in, every pending invitation for the person's email becomes a
// membership.
//
// Each invitation is one transaction: the membership (both directions, profile, counters, audit)
// plus deleting the invitation on condition that it still exists and has not expired, so a
// revoked or expired invitation can never turn into a membership. Invitations are taken one at a
// time because they all touch the same profile. One that can't be accepted (unit deleted or being
// moved, already a member) is reported and skipped; sign-in goes on.
import 'server-only';
import { deleteItem, keys, TTL_ATTRIBUTE, type TenantDb } from '../db';
import { isArborError } from '../errors';
import { invitationNotFound } from './errors';
import { addMembershipWith, type AddMembershipExtra } from '../members/add-membership';
import type { Membership } from '../members/membership-items';
import { validateEmail, validateId, validateName } from '../validation';
import { getInvitationsForEmail } from './list-invitations';
import { readRoleCatalogue } from '../roles';
import { nowSeconds, type Invitation } from '../items/invitation-item';

export interface AcceptInvitationsInput {
  /** The person's global user id (from ensureUser at sign-in). */
  userId: string;
  /** The verified email the identity provider returned. */
  email: string;
  name: string;
}

export interface AcceptedInvitations {
  accepted: { invitation: Invitation; membership: Membership }[];
  /** Invitations left alone, with the code of the reason (e.g. 'unit.locked'). */
  skipped: { invitation: Invitation; code: string }[];
}

/**
 * The part of an accepting transaction that consumes the invitation: deleted only if it still
 * exists and has not expired, so a revoked or expired invitation never becomes a membership.
 */
export function consumeInvitation(db: TenantDb, invitationId: string): AddMembershipExtra {
  return {
    action: 'invitation.accept',
    items: [{
      Delete: {
        TableName: db.tableName,
        Key: keys.invitation(db.tenantId, invitationId),
        ConditionExpression: 'attribute_exists(PK) AND #exp > :now',
        ExpressionAttributeNames: { '#exp': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':now': nowSeconds() },
      },
    }],
    onConditionFailed: invitationNotFound,
  };
}

export async function acceptInvitations(db: TenantDb, input: AcceptInvitationsInput): Promise<AcceptedInvitations> {
  const userId = validateId(input?.userId, 'user');
  const email = validateEmail(input.email);
  const name = validateName(input.name, 'user');
  const actor = { userId, email };
  const result: AcceptedInvitations = { accepted: [], skipped: [] };

  const invitations = await getInvitationsForEmail(db, email);
  // Read only when an invitation gives custom roles: a role deleted since it was sent is not given.
  const catalogue = invitations.some((i) => i.roles?.length) ? await readRoleCatalogue(db) : undefined;
  for (const invitation of invitations) {
    const key = keys.invitation(db.tenantId, invitation.id);
    const roles = invitation.roles?.filter((k) => catalogue && Object.hasOwn(catalogue.roles, k));
    try {
      const membership = await addMembershipWith(
        db, actor, { unitId: invitation.unitId, role: invitation.role, roles, userId, email, name }, consumeInvitation(db, invitation.id),
      );
      result.accepted.push({ invitation, membership });
    } catch (e) {
      if (!isArborError(e)) throw e;
      if (e.code === 'membership.exists') {
        // Already a member there (e.g. a duplicate invitation): the invitation has served its purpose.
        await deleteItem(db, { Key: key, ConditionExpression: 'attribute_exists(PK)' });
      }
      result.skipped.push({ invitation, code: e.code });
    }
  }
  return result;
}

// A new link for a pending invitation, to email again (resend) or to copy.
//
// The stored hash is replaced, so the previous link stops working: only the newest link of an
// invitation is valid, and a copied link is as fresh as the last mail. One transaction: the
// invitation (conditioned on the version read and on not having expired, version + 1) and the
// audit entry. Resending is limited per invitation, with the state in the item itself (any
// instance decides the same): one mail per RESEND_INTERVAL_SECONDS, MAX_SENDS in all.
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntryPut } from '../audit';
import { keys, transaction, TTL_ATTRIBUTE, type AuditActor, type TenantDb } from '../db';
import { versionConflict } from '../errors';
import { invitationNotFound, resendLimit, resendTooSoon } from './errors';
import { validateVersion } from '../validation/version';
import { validateId } from '../validation';
import { nowSeconds, toInvitation, type Invitation } from '../items/invitation-item';

export const RESEND_INTERVAL_SECONDS = 60;
export const MAX_SENDS = 10;

export interface ReissueInvitationLinkInput {
  invitationId: string;
  expectedVersion?: number;
  /** 'email': the caller sends the new link by mail once this commits; 'copy': shown to the admin only. */
  delivery: 'email' | 'copy';
  tokenHash: string;
}

const gone = invitationNotFound;

export async function reissueInvitationLink(db: TenantDb, actor: AuditActor, input: ReissueInvitationLinkInput): Promise<Invitation> {
  const id = validateId(input?.invitationId, 'invitation');
  const key = keys.invitation(db.tenantId, id);
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  const now = nowSeconds();
  if (!out.Item || (out.Item[TTL_ATTRIBUTE] as number) <= now) throw gone();
  const current = toInvitation(out.Item);
  const version = input.expectedVersion === undefined ? current.version : validateVersion(input.expectedVersion, 'invitation');
  if (current.version !== version) throw versionConflict('invitation', current.version, current);

  const email = input.delivery === 'email';
  if (email) {
    if (current.sendCount >= MAX_SENDS) {
      throw resendLimit(MAX_SENDS);
    }
    const last = current.lastSentAt ? Date.parse(current.lastSentAt) / 1000 : 0;
    const wait = Math.ceil(last + RESEND_INTERVAL_SECONDS - now);
    if (wait > 0) {
      throw resendTooSoon(wait);
    }
  }
  // Refused: the invitation changed (its version now) or is gone.
  const refused = (stored: Record<string, unknown> | undefined) => {
    if (!stored) return gone();
    const invitation = toInvitation(stored);
    return versionConflict('invitation', invitation.version, invitation);
  };
  await transaction(db)
    .add({
      Update: {
        TableName: db.tableName, Key: key,
        // The version holds the resend limit too: two resends racing read the same count, one wins.
        ConditionExpression: '#version = :v AND #exp > :now',
        UpdateExpression: email
          ? 'SET tokenHash = :hash, #version = :next, lastSentAt = :now, sendCount = :count'
          : 'SET tokenHash = :hash, #version = :next',
        ExpressionAttributeNames: { '#version': 'version', '#exp': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':v': version, ':next': version + 1, ':now': now, ':hash': input.tokenHash,
          ...(email ? { ':count': current.sendCount + 1 } : {}),
        },
      },
    }, refused)
    .add(
      auditEntryPut(db, {
        actor, action: email ? 'invitation.resend' : 'invitation.copyLink', target: { type: 'invitation', id, label: current.email },
        unitId: current.unitId, after: { email: current.email, role: current.role },
      }),
    )
    .send();
  return {
    ...current, version: version + 1,
    ...(email ? { sendCount: current.sendCount + 1, lastSentAt: new Date(now * 1000).toISOString() } : {}),
  };
}

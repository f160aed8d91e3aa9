// T13 revoke: withdraw a pending invitation.
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntryPut } from '../audit';
import { keys, transaction, type AuditActor, type TenantDb } from '../db';
import { versionConflict } from '../errors';
import { invitationNotFound } from './errors';
import { validateVersion } from '../validation/version';
import { validateId } from '../validation';
import { toInvitation, type Invitation } from '../items/invitation-item';

export interface RevokeInvitationInput {
  invitationId: string;
  /** The version the caller read; invitations are never edited, so this is 1 unless stated. */
  expectedVersion?: number;
}

const gone = invitationNotFound;

export async function revokeInvitation(db: TenantDb, actor: AuditActor, input: RevokeInvitationInput): Promise<Invitation> {
  const id = validateId(input?.invitationId, 'invitation');
  const expectedVersion = input.expectedVersion === undefined ? undefined : validateVersion(input.expectedVersion, 'invitation');
  const key = keys.invitation(db.tenantId, id);
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  if (!out.Item) throw gone();
  const invitation = toInvitation(out.Item);
  const version = expectedVersion ?? invitation.version;
  if (invitation.version !== version) throw versionConflict('invitation', invitation.version, invitation);

  await transaction(db)
    .add(
      {
        Delete: {
          TableName: db.tableName, Key: key,
          ConditionExpression: '#version = :v',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':v': version },
        },
      },
      () => gone(),
    )
    .add(
      auditEntryPut(db, {
        actor, action: 'invitation.revoke', target: { type: 'invitation', id, label: invitation.email },
        unitId: invitation.unitId, before: { email: invitation.email, role: invitation.role },
      }),
    )
    .send();
  return invitation;
}

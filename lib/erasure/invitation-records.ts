// Invitations and erasure: those addressed to the person are deleted (expired ones too: TTL
// removes them lazily, and until then they hold the address), and those the person sent keep
// existing for their invitees with the sender shown as the pseudonym.
import 'server-only';
import { INDEX, keys, queryAll, type TenantDb } from '../db';
import { ERASED_EMAIL, erasedActor, type ErasedPerson } from './pseudonym';
import { writeOne } from './write-one';

/** Every invitation item to the address (GSI2 `T#<t>#EMAILS` / email) and those the person sent (GSI1 `T#<t>#INVITES`). */
export async function invitationRecords(db: TenantDb, person: ErasedPerson) {
  const [to, sent] = await Promise.all([
    person.email
      ? queryAll(db, {
          IndexName: INDEX.gsi2,
          KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK = :email',
          FilterExpression: '#type = :invitation',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':pk': keys.gsi2.emails(db.tenantId), ':email': person.email, ':invitation': 'invitation' },
        })
      : [],
    person.userId
      ? queryAll(db, {
          IndexName: INDEX.gsi1,
          KeyConditionExpression: 'GSI1PK = :pk',
          // Not those already showing the pseudonym (an erasure asked again).
          FilterExpression: '#by.#userId = :uid AND #by.#email <> :erased',
          ExpressionAttributeNames: { '#by': 'invitedBy', '#userId': 'userId', '#email': 'email' },
          ExpressionAttributeValues: { ':pk': keys.gsi1.invitations(db.tenantId), ':uid': person.userId, ':erased': ERASED_EMAIL },
        })
      : [],
  ]);
  return { to, sent: sent.filter((i) => !to.some((t) => t.PK === i.PK)) };
}

export type InvitationRecords = Awaited<ReturnType<typeof invitationRecords>>;

/** Deletes the invitations to the person; returns how many were deleted. */
export async function deleteInvitationsTo(db: TenantDb, items: Record<string, unknown>[]): Promise<number> {
  const done = await Promise.all(
    items.map((i) => writeOne(db, { Delete: { TableName: db.tableName, Key: { PK: i.PK as string, SK: i.SK as string }, ConditionExpression: 'attribute_exists(PK)' } })),
  );
  return done.filter(Boolean).length;
}

/**
 * Shows the person as the pseudonym on the invitations they sent. Not an edit of the invitation
 * (its version, on which links and resends are conditioned, stays as it is).
 */
export async function pseudonymiseInvitationsSent(db: TenantDb, items: Record<string, unknown>[], userId: string): Promise<number> {
  const done = await Promise.all(
    items.map((i) =>
      writeOne(db, {
        Update: {
          TableName: db.tableName, Key: { PK: i.PK as string, SK: i.SK as string },
          UpdateExpression: 'SET invitedBy = :by',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':by': erasedActor(userId) },
        },
      }),
    ),
  );
  return done.filter(Boolean).length;
}

// T13 create: invite an email address to a unit with a role.
//
// Refused when that person is already a member of the unit or already has a pending invitation to
// it. Those checks read GSI2 (eventually consistent), so two admins inviting the same address to
// the same unit within the same second could both succeed; that is harmless, because accepting
// one makes the membership and the other then finds it exists and is discarded. Names and emails
// never become key material, so the invitation's key is a fresh ULID, not the address.
import 'server-only';
import { ulid } from 'ulid';
import { auditEntryPut } from '../audit';
import { actorIdentity, INDEX, keys, queryAll, transaction, type AuditActor, type TenantDb } from '../db';
import { unitNotFound } from '../org/errors';
import { alreadyMember, badTtl, invitationExists } from './errors';
import { assertRoleFitsUnit, toTenantUser, validateRole } from '../members/membership-items';
import { readUnitMember } from '../members/member-reads';
import { readUnit } from '../org/unit-reads';
import { validateEmail, validateId } from '../validation';
import { invitationItem, toInvitation, nowSeconds, DEFAULT_INVITATION_DAYS, MAX_INVITATION_DAYS, type Invitation } from '../items/invitation-item';

export interface CreateInvitationInput {
  email: string;
  unitId: string;
  role: string;
  /** Custom role keys to give on accept, already decided by the entry point (role.assign each). */
  roles?: string[];
  /** Days the invitation stays valid (1–30, default 7). */
  ttlDays?: number;
  /**
   * The hash of the link's secret (invitation-link.ts), and whether the caller is about to email
   * it (counted now, in this transaction: the send itself happens after the commit).
   */
  link?: { tokenHash: string; sending: boolean };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createInvitation(db: TenantDb, actor: AuditActor, input: CreateInvitationInput): Promise<Invitation> {
  const email = validateEmail(input?.email);
  const unitId = validateId(input.unitId, 'unit');
  const role = validateRole(input.role);
  const ttlDays = validateTtlDays(input.ttlDays);

  // One Query by email answers both checks: the person's profile and their pending invitations.
  const [unit, sameEmail] = await Promise.all([
    readUnit(db, unitId),
    queryAll(db, {
      IndexName: INDEX.gsi2,
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK = :email',
      ExpressionAttributeValues: { ':pk': keys.gsi2.emails(db.tenantId), ':email': email },
    }),
  ]);
  if (!unit) throw unitNotFound();
  assertRoleFitsUnit(role, unit.path);

  const profileItem = sameEmail.find((r) => r.type === 'tenantUser');
  if (profileItem && (await readUnitMember(db, unitId, toTenantUser(profileItem).userId))) {
    throw alreadyMember(email, unit.name);
  }
  const pending = sameEmail
    .filter((r) => r.type === 'invitation')
    .map(toInvitation)
    .find((i) => i.unitId === unitId && Date.parse(i.expiresAt) / 1000 > nowSeconds());
  if (pending) {
    throw invitationExists(email, unit.name, pending);
  }

  const now = new Date();
  const invitation: Invitation = {
    tenantId: db.tenantId, id: ulid(now.getTime()), email, unitId, role,
    ...(input.roles?.length ? { roles: input.roles } : {}), invitedBy: actorIdentity(actor),
    createdAt: now.toISOString(),
    // Whole seconds, like the TTL attribute it is stored as, so what is returned is what is read back.
    expiresAt: new Date(Math.floor((now.getTime() + ttlDays * DAY_MS) / 1000) * 1000).toISOString(),
    version: 1,
    sendCount: input.link?.sending ? 1 : 0,
    ...(input.link?.sending ? { lastSentAt: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString() } : {}),
  };
  await transaction(db)
    .add({
      Put: {
        TableName: db.tableName,
        Item: invitationItem(invitation, input.link ? { tokenHash: input.link.tokenHash } : undefined),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    })
    .add({ ConditionCheck: { TableName: db.tableName, Key: keys.unit(db.tenantId, unitId), ConditionExpression: 'attribute_exists(PK)' } }, () => unitNotFound())
    .add(
      auditEntryPut(db, {
        actor, action: 'invitation.create', target: { type: 'invitation', id: invitation.id, label: email },
        unitId, after: { email, role, ...(invitation.roles ? { roles: invitation.roles } : {}), expiresAt: invitation.expiresAt },
      }),
    )
    .send();
  return invitation;
}

export function validateTtlDays(raw: unknown): number {
  if (raw === undefined) return DEFAULT_INVITATION_DAYS;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > MAX_INVITATION_DAYS) {
    throw badTtl(MAX_INVITATION_DAYS);
  }
  return raw;
}

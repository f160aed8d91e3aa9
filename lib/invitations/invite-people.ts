// Inviting people by email, and emailing or copying an invitation's link again.
// The entry point has authorized the unit and role; this checks every address can sign in here
// (check-addresses.ts: refused ones stop the whole request, unserved ones need `confirmGuests`),
// writes one invitation per address (its own transaction each: a duplicate skips that address
// only), and only then sends the mail: a failed send leaves the invitation, reported as not sent
// with its link to copy.
import 'server-only';
import { config } from '../config';
import type { AuditActor, PlatformDb, TenantDb } from '../db';
import { isArborError } from '../errors';
import { badEmail } from '../validation/errors';
import { addressRefused, confirmGuests as confirmGuestsError, mailDisabled, noEmails, tooManyEmails } from './errors';
import { invitationMail, mailEnabled, sendMail } from '../mail';
import type { Role } from '../members/membership-items';
import { getTenantSettings } from '../tenants/settings';
import { validateEmail } from '../validation';
import { checkInvitationAddresses, isRefused, needsConfirmation, type AddressCheck } from './check-addresses';
import { createInvitation } from './create-invitation';
import type { Invitation } from '../items/invitation-item';
import { hashLinkSecret, invitationLinkUrl, newLinkSecret } from './invitation-link';
import { reissueInvitationLink } from './reissue-invitation-link';

export const MAX_INVITES_AT_ONCE = 50;
/** Who a `role.assign` decision for an invitation names: the invitee has no user id yet. */
export const INVITEE = 'invitee';

/** What became of the invitation's mail: sent, not sent (copy the link or resend), or mail is off. */
export type MailStatus = 'sent' | 'failed' | 'disabled';

export interface InvitedPerson extends Invitation {
  unitName: string;
  /** The link, shown this once (the item keeps only its hash). */
  link: string;
  mail: MailStatus;
}

export interface InvitePeopleInput {
  emails: unknown[];
  unit: { id: string; name: string };
  role: Role;
  /** Custom role keys given on accept beside `role`, each decided as role.assign by the entry point. */
  roles?: string[];
  ttlDays?: number;
  /** The admin saw the warnings for unserved domains and invites those addresses anyway. */
  confirmGuests?: boolean;
}

export interface InvitePeopleResult {
  invitations: InvitedPerson[];
  /** Addresses left out: already a member of the unit, or already invited to it. */
  skipped: { email: string; code: string; message: string }[];
}

interface Deps {
  db: TenantDb;
  platform: PlatformDb;
}

const inviterOf = (actor: AuditActor) => actor.name || actor.email;

function validateEmails(raw: unknown[]): string[] {
  if (!Array.isArray(raw) || raw.length === 0) throw noEmails();
  if (raw.length > MAX_INVITES_AT_ONCE) throw tooManyEmails(MAX_INVITES_AT_ONCE);
  const emails: string[] = [];
  const bad: { email: string; message: string }[] = [];
  for (const r of raw) {
    try {
      emails.push(validateEmail(r));
    } catch (e) {
      if (!isArborError(e)) throw e;
      bad.push({ email: String(r).slice(0, 80), message: e.message });
    }
  }
  if (bad.length) throw badEmail(undefined, bad);
  return [...new Set(emails)];
}

/** Refuses the request when any address can never sign in here, or needs a confirmation not given. */
export async function assertInvitableAddresses(platform: PlatformDb, tenantId: string, emails: string[], confirmGuests: boolean): Promise<AddressCheck[]> {
  const checks = await checkInvitationAddresses(platform, tenantId, emails);
  const refused = checks.filter(isRefused);
  if (refused.length) throw addressRefused(refused);
  const unconfirmed = checks.filter(needsConfirmation);
  if (unconfirmed.length && !confirmGuests) throw confirmGuestsError(unconfirmed);
  return checks;
}

export async function invitePeople(deps: Deps, actor: AuditActor, input: InvitePeopleInput): Promise<InvitePeopleResult> {
  const emails = validateEmails(input.emails);
  await assertInvitableAddresses(deps.platform, deps.db.tenantId, emails, input.confirmGuests === true);
  const sending = mailEnabled();
  const created: { invitation: Invitation; secret: string }[] = [];
  const skipped: InvitePeopleResult['skipped'] = [];
  for (const email of emails) {
    const secret = newLinkSecret();
    try {
      const invitation = await createInvitation(deps.db, actor, {
        email, unitId: input.unit.id, role: input.role, roles: input.roles, ttlDays: input.ttlDays, link: { tokenHash: hashLinkSecret(secret), sending },
      });
      created.push({ invitation, secret });
    } catch (e) {
      if (isArborError(e) && (e.code === 'invitation.alreadyMember' || e.code === 'invitation.exists')) skipped.push({ email, code: e.code, message: e.message });
      else throw e;
    }
  }
  if (created.length === 0) return { invitations: [], skipped };
  // Every invitation has committed; mail goes out now, in parallel, each reported on its own.
  const organization = (await getTenantSettings(deps.db)).name;
  const invitations = await Promise.all(
    created.map(async ({ invitation, secret }) => {
      const link = invitationLinkUrl(config().ARBOR_APP_URL, { tenantId: deps.db.tenantId, invitationId: invitation.id, secret });
      const mail = sending ? await mailInvitation(invitation, link, organization, input.unit.name, actor) : 'disabled';
      return { ...invitation, unitName: input.unit.name, link, mail };
    }),
  );
  return { invitations, skipped };
}

export interface RenewLinkInput {
  invitationId: string;
  expectedVersion?: number;
  /** 'email' sends the new link again; 'copy' only returns it. */
  delivery: 'email' | 'copy';
  unitName: string;
}

/** A new link for a pending invitation (the previous one stops working), emailed or to copy. */
export async function renewInvitationLink(deps: Deps, actor: AuditActor, input: RenewLinkInput): Promise<InvitedPerson> {
  if (input.delivery === 'email' && !mailEnabled()) {
    throw mailDisabled();
  }
  const secret = newLinkSecret();
  const invitation = await reissueInvitationLink(deps.db, actor, {
    invitationId: input.invitationId, expectedVersion: input.expectedVersion, delivery: input.delivery, tokenHash: hashLinkSecret(secret),
  });
  const link = invitationLinkUrl(config().ARBOR_APP_URL, { tenantId: deps.db.tenantId, invitationId: invitation.id, secret });
  let mail: MailStatus = 'disabled';
  if (input.delivery === 'email') {
    const organization = (await getTenantSettings(deps.db)).name;
    mail = await mailInvitation(invitation, link, organization, input.unitName, actor);
  }
  return { ...invitation, unitName: input.unitName, link, mail };
}

async function mailInvitation(invitation: Invitation, link: string, organization: string, unitName: string, actor: AuditActor): Promise<MailStatus> {
  const outcome = await sendMail(invitationMail({
    to: invitation.email, organization, unitName, role: invitation.role, inviter: inviterOf(actor), link, expiresAt: invitation.expiresAt,
  }));
  return outcome.status;
}

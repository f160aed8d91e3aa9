// /invite/<token> – where an invitation email's link lands: who invited whom to what, and the
// way in, which is the organization's own SSO sign-in for the invited address. Anything but a
// live invitation's newest link (forged, revoked, used, replaced, expired) is a 404 with a page
// saying so. Nothing is accepted here: the sign-in accepts it, for the address the IdP verifies.
import { notFound } from 'next/navigation';
import { resolveInvitationLink } from '@/lib/invitations';
import { getUnit } from '@/lib/org';
import { platformDb, tenantDb } from '@/lib/tenancy';
import { AcceptInvitation } from './accept-invitation';

export const metadata = { title: 'Invitation – Arbor', referrer: 'no-referrer' };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = await resolveInvitationLink({ platform: platformDb(), tenantDb: (id) => tenantDb(id) }, token);
  if (found.status !== 'valid') notFound();
  const { invitation, organization } = found;
  // Read with the tenant's scoped credentials, like the invitation itself.
  const unit = await getUnit(await tenantDb(found.token.tenantId), invitation.unitId);
  if (!unit) notFound();
  const inviter = invitation.invitedBy.name || invitation.invitedBy.email;
  const expires = new Date(invitation.expiresAt).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

  return (
    <>
      <h1 className="text-xl font-semibold">Join {organization}</h1>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        {inviter} invited <strong className="break-all">{invitation.email}</strong> to <strong>{unit.name}</strong> as {invitation.role}.
      </p>
      <p className="mt-2 mb-6 text-xs text-zinc-600 dark:text-zinc-400">
        You’ll sign in through {organization}’s single sign-on with this address. The invitation expires on {expires} UTC.
      </p>
      <AcceptInvitation token={token} email={invitation.email} />
    </>
  );
}

'use server';
// Invitation link, step 2 – start the sign-in at the invitation's own tenant (not by email
// domain discovery: a guest's domain may be nobody's), for the invited address. The sign-in
// that follows accepts the invitation (lib/auth/complete-sign-in.ts), which deletes it: the
// link works once.
import { startSignInFlow } from '@/lib/auth';
import { resolveInvitationLink } from '@/lib/invitations';
import { getConnection } from '@/lib/sso';
import { platformDb, tenantDb } from '@/lib/tenancy';

export type BeginInvitedSignIn =
  | { status: 'redirecting'; email: string; returnTo: string }
  | { status: 'error'; message: string };

export async function beginInvitedSignIn(token: unknown): Promise<BeginInvitedSignIn> {
  const found = await resolveInvitationLink({ platform: platformDb(), tenantDb: (id) => tenantDb(id) }, token);
  if (found.status !== 'valid') return { status: 'error', message: 'This invitation link is no longer valid. Ask for a new invitation.' };
  const { tenantId } = found.token;
  if (!(await getConnection(platformDb(), tenantId))) {
    return { status: 'error', message: `${found.organization} has not finished setting up single sign-on. Try again once your administrator has.` };
  }
  await startSignInFlow({ tenantId, email: found.invitation.email });
  return { status: 'redirecting', email: found.invitation.email, returnTo: `/units/${found.invitation.unitId}` };
}

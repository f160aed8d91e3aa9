// The session a setup link's page and its API run with (`/setup`, `/api/setup/*`): the one from
// the setup cookie, or none. Nothing else in the tenant is reachable from here. The API's route
// wrapper is lib/api/setup-entry.ts.
import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { useSecureCookies } from '../auth/cookies';
import { platformDb } from '../tenancy';
import { loadSetupSession, type SetupSession } from './session';

export const setupCookieName = () => `${useSecureCookies() ? '__Secure-' : ''}arbor.setup`;

/** The session of the setup cookie this request carries, or undefined when it is over or absent. */
export const currentSetupSession = async () => loadSetupSession(platformDb(), (await cookies()).get(setupCookieName())?.value);

/** Pages: the session, or the page that says the link is over. */
export async function requireSetupSession(): Promise<SetupSession> {
  const session = await currentSetupSession();
  if (!session) redirect('/setup/ended');
  return session;
}

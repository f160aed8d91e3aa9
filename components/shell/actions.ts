'use server';
// Shell actions – switch the active organization (membership re-checked on the server), sign out
// (this session, or every session of the person on every device).
import { redirect } from 'next/navigation';
import { endSession, refreshOrganizations, switchTenant } from '@/lib/auth';
import type { TenantOption } from './tenant-switcher';
import { isArborError } from '@/lib/errors';

export type SwitchTenantState =
  | { status: 'switched' }
  | { status: 'reauthenticate'; email: string }
  | { status: 'refused'; message: string };

export async function switchTenantAction(tenantId: string): Promise<SwitchTenantState> {
  try {
    return await switchTenant(tenantId);
  } catch (e) {
    if (isArborError(e)) return { status: 'refused', message: e.message };
    throw e;
  }
}

/** The person's organizations as they are now, for the switcher (none when the session has ended). */
export async function organizationsAction(): Promise<TenantOption[]> {
  try {
    return await refreshOrganizations();
  } catch (e) {
    if (isArborError(e)) return [];
    throw e;
  }
}

/** Undefined until a sign-out fails; a successful one redirects to the sign-in page. */
export type SignOutState = { status: 'failed'; message: string } | undefined;

export async function signOutAction(_previous: SignOutState): Promise<SignOutState> {
  return signOut(false);
}

export async function signOutEverywhereAction(_previous: SignOutState): Promise<SignOutState> {
  return signOut(true);
}

async function signOut(everywhere: boolean): Promise<SignOutState> {
  try {
    await endSession({ everywhere });
  } catch (e) {
    // The cookie was kept (the records could not be deleted): say so rather than pretend.
    if (isArborError(e)) return { status: 'failed', message: e.message };
    throw e;
  }
  redirect(everywhere ? '/sign-in?signedOut=all' : '/sign-in?signedOut=1');
}

'use server';
// Shell actions – switch the active organization (membership re-checked on the server), sign out.
import { redirect } from 'next/navigation';
import { endSession, switchTenant } from '@/lib/auth';
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

export async function signOutAction(): Promise<never> {
  await endSession();
  redirect('/sign-in?signedOut=1');
}

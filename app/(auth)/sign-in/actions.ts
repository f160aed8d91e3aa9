'use server';
// Sign-in step 1 – find the organization and its SSO connection from the work email (P1), and
// record the sign-in flow so the IdP callback rebuilds the same provider.
import { startSignInFlow } from '@/lib/auth';
import { isArborError } from '@/lib/errors';
import { discoverByEmail } from '@/lib/sso';
import { platformDb } from '@/lib/tenancy';

export type BeginSignInState =
  | { status: 'idle'; email: string }
  | { status: 'error'; email: string; code: string; message: string }
  | { status: 'redirecting'; email: string };

export async function beginSignIn(_previous: BeginSignInState, form: FormData): Promise<BeginSignInState> {
  const email = String(form.get('email') ?? '').slice(0, 320);
  try {
    const found = await discoverByEmail(platformDb(), email);
    await startSignInFlow({ tenantId: found.tenantId, email: found.email });
    return { status: 'redirecting', email: found.email };
  } catch (e) {
    if (isArborError(e)) return { status: 'error', email, code: e.code, message: e.message };
    throw e;
  }
}

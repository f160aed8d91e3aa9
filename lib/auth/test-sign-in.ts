// Test connection through OIDC: the IdP's verified ID token claims are recorded with what a real
// sign-in would do, and the browser returns to the page that started the test without a session.
// (SAML's counterpart is in lib/auth/saml-sign-in.ts.)
import 'server-only';
import { getConnection, type SsoConnection } from '../sso';
import { noConnection } from '../sso/errors';
import { newTestId, predictSignIn, recordTestResult } from './test-connection';
import { platformDb, tenantDb } from '../tenancy';
import { validateEmail } from '../validation';
import { startSignInFlow } from './session';
import type { OidcClaims } from './sso-provider';

export async function testConnection(tenantId: string, connection: SsoConnection, test: { testId: string; returnTo: string }, claims: OidcClaims): Promise<string> {
  const db = await tenantDb(tenantId);
  let email: string | undefined;
  try {
    email = validateEmail(claims.email);
  } catch {
    email = undefined;
  }
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const outcome = !email
    ? { ok: false as const, code: 'email.missing' }
    : !verified
      ? { ok: false as const, code: 'email.unverified' }
      : await predictSignIn(platformDb(), db, connection, email);
  await recordTestResult(db, {
    testId: test.testId, protocol: 'oidc', at: new Date().toISOString(), received: claims,
    ...(email ? { person: { email, name: typeof claims.name === 'string' ? claims.name : '' } } : {}),
    outcome,
  });
  return test.returnTo;
}

/**
 * Starts a Test connection: a sign-in flow marked as a test, in this browser. The page then hands
 * the browser to `signIn('sso')` as for any sign-in; it comes back to `returnTo(testId)`.
 */
export async function beginTestSignIn(tenantId: string, returnTo: (testId: string) => string): Promise<{ testId: string; callbackUrl: string }> {
  const connection = await getConnection(platformDb(), tenantId);
  if (!connection) throw noConnection();
  const testId = newTestId();
  const callbackUrl = returnTo(testId);
  await startSignInFlow({ tenantId, email: '', test: { testId, returnTo: callbackUrl } });
  return { testId, callbackUrl };
}

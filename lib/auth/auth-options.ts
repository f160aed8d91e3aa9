// next-auth's options, built for each request around the connection of the sign-in in
// progress (next-auth v4 "advanced initialization"). JWT sessions only: next-auth
// writes the session cookie after the callback; Arbor reads it itself (session.ts).
import 'server-only';
import type { AuthOptions, User } from 'next-auth';
import { config } from '../config';
import type { SsoConnection } from '../sso';
import { tenancy } from '../tenancy';
import { completeSignIn } from './complete-sign-in';
import { useSecureCookies } from './cookies';
import { safeReturnUrl } from './return-to';
import type { SignInFlow } from './sign-in-flow';
import type { SessionClaims } from './session-token';
import { ssoProvider, type OidcClaims } from './sso-provider';
import { recordSignInSuccess } from '../sso/health';
import { testConnection } from './test-sign-in';

export const SIGN_IN_PAGE = '/sign-in';
export const ERROR_PAGE = '/sign-in/error';

export const errorPageUrl = (code: string) => `${ERROR_PAGE}?code=${encodeURIComponent(code)}`;

export interface RequestAuth {
  flow?: SignInFlow;
  connection?: SsoConnection;
  logger: AuthOptions['logger'];
  /** The browser's user agent, for the session record. */
  device?: string;
}

export function authOptions({ flow, connection, logger, device }: RequestAuth): AuthOptions {
  const cfg = config();
  // next-auth v4 reads its public URL from this variable only; ARBOR_APP_URL is the one setting.
  process.env.NEXTAUTH_URL = cfg.ARBOR_APP_URL;
  return {
    secret: cfg.ARBOR_SESSION_SECRET,
    providers: flow && connection?.protocol === 'oidc' ? [ssoProvider(connection)] : [],
    session: { strategy: 'jwt', maxAge: cfg.ARBOR_SESSION_MAX_AGE },
    jwt: { maxAge: cfg.ARBOR_SESSION_MAX_AGE },
    useSecureCookies: useSecureCookies(),
    pages: { signIn: SIGN_IN_PAGE, error: ERROR_PAGE, signOut: SIGN_IN_PAGE },
    logger,
    callbacks: {
      // The return address a sign-in was started with, by the same rule as every other redirect.
      async redirect({ url }) {
        return safeReturnUrl(url);
      },
      async signIn({ user, profile }) {
        if (!flow || !connection) return errorPageUrl('sso.flowExpired');
        const t = tenancy();
        if (flow.test) return testConnection(flow.tenantId, connection, flow.test, (profile ?? {}) as OidcClaims);
        const outcome = await completeSignIn(
          { platform: t.platformDb(), tenantDb: (id, o) => t.tenantDb(id, o) },
          { tenantId: flow.tenantId, connection, claims: (profile ?? {}) as OidcClaims, continues: flow.continues, device, maxAgeSeconds: cfg.ARBOR_SESSION_MAX_AGE },
        );
        if (!outcome.ok) return errorPageUrl(outcome.code);
        await recordSignInSuccess(await t.tenantDb(flow.tenantId), outcome.session.email);
        // next-auth hands this same object to the jwt callback below.
        (user as User & { arbor?: SessionClaims }).arbor = outcome.session;
        return true;
      },
      async jwt({ token, user }) {
        const claims = (user as (User & { arbor?: SessionClaims }) | undefined)?.arbor;
        if (!claims) return token;
        const { userId, email, name, tenantId, issuer, sessionId } = claims;
        return { sub: userId, userId, email, name, tenantId, issuer, sessionId };
      },
      async session({ session, token }) {
        return { ...session, user: { name: token.name as string, email: token.email as string } };
      },
    },
  };
}

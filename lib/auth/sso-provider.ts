// The one next-auth provider, `sso`, built per request from the tenant connection chosen at
// discovery. Authorization code flow with PKCE, state and nonce all checked; the
// profile comes from the verified ID token.
import 'server-only';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { connectionSecret, type OidcConnection } from '../sso';

export const SSO_PROVIDER_ID = 'sso';

export interface OidcClaims extends Record<string, unknown> {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

export function ssoProvider(connection: OidcConnection): OAuthConfig<OidcClaims> {
  return {
    id: SSO_PROVIDER_ID,
    name: 'Single sign-on',
    type: 'oauth',
    wellKnown: `${connection.issuer}/.well-known/openid-configuration`,
    clientId: connection.clientId,
    clientSecret: connectionSecret(connection),
    authorization: { params: { scope: 'openid email profile' } },
    idToken: true,
    checks: ['pkce', 'state', 'nonce'],
    client: { token_endpoint_auth_method: 'client_secret_basic' },
    // A hung IdP becomes a clear "not responding" page instead of a hung browser tab.
    httpOptions: { timeout: 10_000 },
    profile: (claims) => ({ id: claims.sub, email: claims.email ?? null, name: claims.name ?? null }),
  };
}

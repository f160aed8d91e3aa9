// Registers people at a running local SAML IdP from another process (e2e set-up).
import type { SamlUser } from './start-saml-idp';

/** `ssoBaseUrl`: the IdP's base URL (`http://127.0.0.1:<port>`) or any of its URLs (entity id, SSO URL). */
export async function registerSamlUser(ssoBaseUrl: string, adminToken: string, user: SamlUser) {
  const res = await fetch(new URL('/__admin/users', ssoBaseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!res.ok) throw new Error(`local SAML IdP refused the user: ${res.status}`);
}

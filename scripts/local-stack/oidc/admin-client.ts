// Registers people and clients at a running local IdP from another process (e2e set-up).
import type { OidcClient, OidcUser } from './registry';

async function post(issuer: string, adminToken: string, path: string, body: unknown) {
  const res = await fetch(`${issuer}/__admin/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`local IdP refused ${path}: ${res.status}`);
}

export const registerOidcUser = (issuer: string, adminToken: string, user: OidcUser) => post(issuer, adminToken, 'users', user);
export const registerOidcClient = (issuer: string, adminToken: string, client: OidcClient) => post(issuer, adminToken, 'clients', client);

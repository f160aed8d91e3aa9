// The local IdP's demo accounts and the OIDC clients of the demo tenants. The seed gives
// these people their memberships; the README lists them ("Demo accounts").
import type { OidcClient, OidcUser } from './registry';

/** One password for every demo account: this IdP only ever runs on a laptop or in CI. */
export const DEMO_PASSWORD = 'arbor-demo';

export interface DemoUser extends OidcUser {
  /** Demo tenant domains the seed should give this person a membership in, with the role. */
  tenants: { domain: string; role: 'owner' | 'admin' | 'manager' | 'member' }[];
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'alice@acme.test', name: 'Alice Admin', password: DEMO_PASSWORD, tenants: [{ domain: 'acme.test', role: 'owner' }] },
  { email: 'bob@acme.test', name: 'Bob Builder', password: DEMO_PASSWORD, tenants: [{ domain: 'acme.test', role: 'member' }] },
  { email: 'grace@globex.test', name: 'Grace Owner', password: DEMO_PASSWORD, tenants: [{ domain: 'globex.test', role: 'owner' }] },
  { email: 'hank@globex.test', name: 'Hank Scorpio', password: DEMO_PASSWORD, tenants: [{ domain: 'globex.test', role: 'member' }] },
  // Belongs to both demo tenants: picks one after signing in and switches from the header.
  {
    email: 'sam@acme.test', name: 'Sam Both', password: DEMO_PASSWORD,
    tenants: [{ domain: 'acme.test', role: 'manager' }, { domain: 'globex.test', role: 'member' }],
  },
];

/** One OIDC client per demo tenant, registered at the local IdP on start. */
export const DEMO_CLIENTS: (OidcClient & { domain: string; jit: boolean })[] = [
  // Acme lets any acme.test account of the IdP in as a member; Globex needs an invitation.
  { domain: 'acme.test', clientId: 'arbor-acme', clientSecret: 'acme-local-client-secret', jit: true },
  { domain: 'globex.test', clientId: 'arbor-globex', clientSecret: 'globex-local-client-secret', jit: false },
  // The large demo tenant (`npm run dev -- --demo-units N`): its owner reaches it by switching from Acme.
  { domain: 'large-demo.test', clientId: 'arbor-large-demo', clientSecret: 'large-demo-local-client-secret', jit: false },
];

/** The SSO connection a demo tenant gets (pass it to lib/sso setConnection), pointing at the local IdP. */
export function demoConnection(domain: string, issuer: string) {
  const client = DEMO_CLIENTS.find((c) => c.domain === domain);
  if (!client) throw new Error(`${domain} is not a demo tenant domain`);
  return { issuer, clientId: client.clientId, clientSecret: client.clientSecret, domains: [domain], jit: client.jit };
}

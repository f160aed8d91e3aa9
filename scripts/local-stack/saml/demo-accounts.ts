// The third demo tenant, Initech, signs in through the local SAML IdP: its people, with the
// memberships the seed should give them. Same password as every demo account (../oidc).
import { DEMO_PASSWORD, type DemoUser } from '../oidc/demo-accounts';
import type { SamlUser } from './start-saml-idp';

export interface SamlDemoUser extends SamlUser {
  /** Demo tenant domains the seed should give this person a membership in, with the role. */
  tenants: DemoUser['tenants'];
}

export const SAML_DEMO_DOMAIN = 'initech.test';

export const SAML_DEMO_USERS: SamlDemoUser[] = [
  { email: 'peter@initech.test', name: 'Peter Gibbons', password: DEMO_PASSWORD, tenants: [{ domain: SAML_DEMO_DOMAIN, role: 'owner' }] },
  {
    email: 'milton@initech.test', name: 'Milton Waddams', password: DEMO_PASSWORD, groups: ['Basement'],
    tenants: [{ domain: SAML_DEMO_DOMAIN, role: 'member' }],
  },
];

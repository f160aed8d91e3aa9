// The tenants and people the e2e global set-up created, handed to the specs through the
// environment (Playwright passes globalSetup's process.env on to its workers).
export interface E2eTenant {
  tenantId: string;
  rootUnitId: string;
  name: string;
  domain: string;
}

export interface E2eFixtures {
  password: string;
  acme: E2eTenant;
  globex: E2eTenant;
  /** A tenant whose connection points at a port nothing listens on. */
  down: E2eTenant;
  /** A tenant on a second IdP (another issuer): switching to it means signing in there. */
  initech: E2eTenant;
  otherIssuer: string;
  /** Unit names each tenant's tree shows. */
  units: { acme: string[]; globex: string[] };
  people: {
    acmeOwner: string;
    globexOwner: string;
    /** Member of both tenants (same issuer: switches without signing in again). */
    both: string;
    /** Member of Acme (first IdP) and Initech (second IdP). */
    twoIdps: string;
    /** Member of Acme, removed by the spec that checks revocation. */
    leaver: string;
    /** Unknown to Acme, which provisions just in time. */
    newcomer: string;
    /** Unknown to Globex, which requires invitations. */
    stranger: string;
    /** The IdP says this address is not verified. */
    unverified: string;
  };
}

export const FIXTURES_ENV = 'ARBOR_E2E_FIXTURES';

export function fixtures(): E2eFixtures {
  const raw = process.env[FIXTURES_ENV];
  if (!raw) throw new Error(`${FIXTURES_ENV} is not set: run the e2e suite through \`npm test\` (its global set-up creates the tenants)`);
  return JSON.parse(raw) as E2eFixtures;
}

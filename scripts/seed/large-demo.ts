// `npm run dev -- --demo-units N`: besides the demo tenants, one tenant of N units to feel the
// console at size, "Large Demo (10,000 units)" on large-demo.test. Its owner is Alice
// (alice@acme.test) and its connection trusts the local OpenID Provider as Acme's does, so after
// signing in to Acme she switches to it from the header or the organization picker without
// signing in again (a switch between tenants that trust the same issuer keeps the session).
// Bulk-loaded from the app's own item builders (bulk-seed-tenant.ts), straight into DynamoDB
// Local; seeded once, since the dev data persists in .data/.
import { createDocumentClient } from '../../lib/db';
import { parseConfig } from '../../lib/config';
import { getConnection } from '../../lib/sso';
import { setConnection } from '../../lib/domains';
import { createTenancy, tenancySettingsFromConfig } from '../../lib/tenancy';
import { getTenantSettings } from '../../lib/tenants';
import { DIRECT_CREDENTIALS } from '../local-stack/dynamodb';
import { DEMO_PASSWORD, DEMO_USERS, demoConnection } from '../local-stack/oidc';
import { bulkSeedTenant } from './bulk-seed-tenant';
import { claimedTenantId } from './demo';
import { orgNames } from './org-names';

export const LARGE_DEMO_DOMAIN = 'large-demo.test';
const DEMO_UNITS = { min: 10, max: 100_000 };
/** As the bench seeds: one membership per unit on average, one person per two units. */
const DENSITY = { membershipsPerUnit: 1, peoplePerUnit: 0.5 };
const OWNER = DEMO_USERS.find((u) => u.email === 'alice@acme.test')!;

const largeDemoName = (units: number) => `Large Demo (${units.toLocaleString('en')} units)`;

/** The value of `--demo-units N` (or `--demo-units=N`), undefined without the option; a bad value throws a message to print. */
export function parseDemoUnits(args: string[]): number | undefined {
  const at = args.findIndex((a) => a === '--demo-units' || a.startsWith('--demo-units='));
  if (at < 0) return undefined;
  const raw = args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : args[at + 1];
  const range = `${DEMO_UNITS.min.toLocaleString('en')} and ${DEMO_UNITS.max.toLocaleString('en')}`;
  if (raw === undefined || raw === '' || raw.startsWith('--')) {
    throw new Error(`--demo-units needs a number of units between ${range}, e.g. --demo-units 10000`);
  }
  // "10,000" and "10_000" are read as 10000.
  const units = /^\d[\d,_]*$/.test(raw) ? Number(raw.replace(/[,_]/g, '')) : Number.NaN;
  if (!Number.isSafeInteger(units) || units < DEMO_UNITS.min || units > DEMO_UNITS.max) {
    throw new Error(`--demo-units must be a whole number of units between ${range} (got "${raw}")`);
  }
  return units;
}

export type LargeDemoResult =
  | { status: 'seeded'; tenantId: string; name: string; units: number; memberships: number; people: number; items: number; ms: number }
  | { status: 'exists'; tenantId: string; name: string; units: number };

export interface LargeDemoOptions {
  /** Another domain than large-demo.test (tests). */
  domain?: string;
  /** Another owner than Alice (tests: their own person, so the demo accounts stay as they are). */
  owner?: { email: string; name: string };
  log?: (message: string) => void;
}

export async function seedLargeDemoIfAbsent(env: Record<string, string>, units: number, options: LargeDemoOptions = {}): Promise<LargeDemoResult> {
  const domain = options.domain ?? LARGE_DEMO_DOMAIN;
  const log = options.log ?? (() => undefined);
  const operator = createTenancy(tenancySettingsFromConfig(parseConfig({ ...process.env, ...env }))).operatorDb();
  const connection = { ...demoConnection(LARGE_DEMO_DOMAIN, env.ARBOR_LOCAL_OIDC_ISSUER), domains: [domain] };

  const existing = await claimedTenantId(operator, domain);
  if (existing) {
    const settings = await getTenantSettings({ ...operator, tenantId: existing });
    // The IdP's port may have changed since: keep the connection pointing at it, as the demo seed does.
    if ((await getConnection(operator, existing))?.issuer !== connection.issuer) await setConnection(operator, existing, connection);
    return { status: 'exists', tenantId: existing, name: settings.name, units: settings.unitCount };
  }

  const direct = {
    client: createDocumentClient({ region: env.AWS_REGION ?? 'us-east-1', endpoint: env.ARBOR_LOCAL_DYNAMODB_ENDPOINT, credentials: DIRECT_CREDENTIALS }),
    tableName: env.ARBOR_TABLE,
  };
  const name = largeDemoName(units);
  log(`seeding ${name} on ${domain}…`);
  const started = Date.now();
  let reported = 0;
  const seeded = await bulkSeedTenant(direct, {
    name, domain, owner: options.owner ?? { email: OWNER.email, name: OWNER.name }, seed: units, ...DENSITY,
    shape: (plan) => plan.grow(plan.rootUnit, units - 1),
    names: orgNames(),
    // Dev's DynamoDB Local keeps its data on disk, where transactions write far less (bulk-put.ts).
    via: 'transactions',
    onProgress: (written, total) => {
      const tenth = Math.floor((written / total) * 10);
      if (tenth > reported) log(`${written.toLocaleString('en')} of ${total.toLocaleString('en')} items (${(reported = tenth) * 10} %)`);
    },
  }).finally(() => direct.client.destroy());
  await setConnection(operator, seeded.tenantId, connection);
  return {
    status: 'seeded', tenantId: seeded.tenantId, name, units: seeded.units.length,
    // P4's owner membership and profile come on top of the plan's.
    memberships: seeded.memberships.length + 1, people: seeded.people.length + 1, items: seeded.itemCount, ms: Date.now() - started,
  };
}

/** What `npm run dev` prints about the large tenant, `requested` being the --demo-units asked for. */
export function describeLargeDemo(result: LargeDemoResult, requested: number): string {
  const units = (n: number) => n.toLocaleString('en');
  if (result.status === 'seeded') {
    return `seeded ${result.name}: ${units(result.units)} units, ${units(result.memberships)} memberships, ${units(result.people)} people `
      + `(${units(result.items)} items) in ${(result.ms / 1000).toFixed(1)} s. Sign in as ${OWNER.email} (password ${DEMO_PASSWORD}) and switch to it from the header`;
  }
  const reseed = `\`npm run dev:reset -- --demo-units ${requested}\` wipes the dev data (.data/) and seeds it again`;
  // unitCount is written after the bulk load: 1 means the load was cut short.
  if (result.units <= 1) return `${result.name} exists but its seeding was cut short; ${reseed}`;
  const other = result.units === requested ? '' : `, not the ${units(requested)} asked for`;
  return `${result.name} exists already with ${units(result.units)} units${other}, so it is not seeded again; ${reseed}`;
}

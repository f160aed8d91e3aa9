// A tenant of its own for the people/settings/bulk specs (they invite, change roles, remove,
// import and rename, so they share nothing with other specs): its IdP client (invitations
// required: JIT off), an owner and an invitee known to the IdP, people to list and page through,
// and a small tree with an awkward unit name for the export.
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { addMembership, type Role } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { setConnection } from '../../lib/sso';
import { operatorDb, platformDb, tenantDb } from '../../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import type { Page } from '@playwright/test';
import { registerOidcClient, registerOidcUser } from '../../scripts/local-stack/oidc';
import { signIn } from './sign-in';

export interface PeopleTenant {
  tenantId: string;
  rootUnitId: string;
  name: string;
  domain: string;
  password: string;
  owner: { email: string; name: string; userId: string };
  /** Known to the IdP, not to the tenant: invited by the spec. */
  invitee: { email: string; name: string };
  /** People in the tenant, by first name: email and user id. */
  people: Record<'bea' | 'rita' | 'lou' | 'zed', { email: string; name: string; userId: string }>;
  /** Listed members in total (owner, the named people and the fillers). */
  memberCount: number;
  units: Record<'Engineering' | 'Platform' | 'Design' | 'Sales' | 'Awkward', string>;
  /** The awkward unit's name (commas, quotes, emoji). */
  awkwardName: string;
}

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through \`npm test\``);
  return v;
};

/** Enough people for the member list to need a second page (50 per page). */
const FILLERS = 52;

export async function createPeopleTenant(): Promise<PeopleTenant> {
  const issuer = need('ARBOR_LOCAL_OIDC_ISSUER');
  const adminToken = need('ARBOR_LOCAL_OIDC_ADMIN_TOKEN');
  const run = ulid().toLowerCase().slice(-8);
  const domain = `peopleco-${run}.test`;
  const name = `PeopleCo ${run}`;
  const password = `e2e-${randomBytes(6).toString('hex')}`;
  const owner = { email: `olive@${domain}`, name: 'Olive Owner' };
  const invitee = { email: `ivy@${domain}`, name: 'Ivy Invitee' };

  const created = await createTenant(operatorDb(), { name, domain, owner });
  const client = { clientId: `e2e-peopleco-${run}`, clientSecret: randomBytes(18).toString('base64url') };
  await registerOidcClient(issuer, adminToken, client);
  await setConnection(operatorDb(), created.tenantId, { issuer, ...client, domains: [domain], jit: false });
  for (const p of [owner, invitee]) await registerOidcUser(issuer, adminToken, { ...p, password, emailVerified: true });

  const db = await tenantDb(created.tenantId);
  const unit = (parentId: string, unitName: string) => createUnit(db, OPERATOR_ACTOR, { parentId, name: unitName }).then((u) => u.id);
  const engineering = await unit(created.rootUnitId, 'Engineering');
  const awkwardName = 'Ops, "Core" 🚀';
  const units = {
    Engineering: engineering,
    Platform: await unit(engineering, 'Platform'),
    Design: await unit(created.rootUnitId, 'Design'),
    Sales: await unit(created.rootUnitId, 'Sales'),
    Awkward: await unit(engineering, awkwardName),
  };

  const place = async (email: string, personName: string, unitId: string, role: Role) => {
    const user = await ensureUser(platformDb(), email, personName);
    await addMembership(db, OPERATOR_ACTOR, { unitId, role, userId: user.id, email, name: personName });
    return { email, name: personName, userId: user.id };
  };
  const people = {
    bea: await place(`bea@${domain}`, 'Bea Brown', units.Design, 'member'),
    rita: await place(`rita@${domain}`, 'Rita Remove', units.Design, 'member'),
    lou: await place(`lou@${domain}`, 'Lou Leaver', units.Sales, 'member'),
    zed: await place(`zed@${domain}`, 'Zed Zimmer', units.Awkward, 'manager'),
  };
  await place(people.rita.email, people.rita.name, units.Sales, 'member');
  for (let i = 0; i < FILLERS; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, FILLERS - i) }, (_, k) => {
        const n = String(i + k + 1).padStart(2, '0');
        return place(`filler${n}@${domain}`, `Filler ${n}`, units.Platform, 'member');
      }),
    );
  }
  return {
    tenantId: created.tenantId, rootUnitId: created.rootUnitId, name, domain, password,
    owner: { ...owner, userId: created.ownerUserId }, invitee, people, memberCount: 1 + 4 + FILLERS, units, awkwardName,
  };
}

/** The tenant's owner, signed in through the local IdP, on `path`. */
export async function openAsOwner(page: Page, t: PeopleTenant, path: string) {
  await signIn(page, t.owner.email, t.password);
  await page.goto(path);
}

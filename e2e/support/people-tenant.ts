// A tenant of its own for the people/settings/bulk specs (they invite, change roles, remove,
// import and rename, so they share nothing with other specs): its IdP client (invitations
// required: JIT off), an owner and an invitee known to the IdP, people to list and page through,
// and a small tree with an awkward unit name for the export.
import { addMembership, type Role } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { platformDb, tenantDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import type { Page } from '@playwright/test';
import { createIdpTenant } from './idp-tenant';
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

/** Enough people for the member list to need a second page (50 per page). */
const FILLERS = 52;

export async function createPeopleTenant(): Promise<PeopleTenant> {
  const ownerPerson = { local: 'olive', name: 'Olive Owner' };
  const inviteePerson = { local: 'ivy', name: 'Ivy Invitee' };
  const t = await createIdpTenant('PeopleCo', [ownerPerson, inviteePerson]);
  const { domain, name, password } = t;
  const owner = { email: `${ownerPerson.local}@${domain}`, name: ownerPerson.name };
  const invitee = { email: `${inviteePerson.local}@${domain}`, name: inviteePerson.name };

  const db = await tenantDb(t.tenantId);
  const unit = (parentId: string, unitName: string) => createUnit(db, OPERATOR_ACTOR, { parentId, name: unitName }).then((u) => u.id);
  const engineering = await unit(t.rootUnitId, 'Engineering');
  const awkwardName = 'Ops, "Core" 🚀';
  const units = {
    Engineering: engineering,
    Platform: await unit(engineering, 'Platform'),
    Design: await unit(t.rootUnitId, 'Design'),
    Sales: await unit(t.rootUnitId, 'Sales'),
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
    tenantId: t.tenantId, rootUnitId: t.rootUnitId, name, domain, password,
    owner: { ...owner, userId: t.ownerUserId }, invitee, people, memberCount: 1 + 4 + FILLERS, units, awkwardName,
  };
}

/** The tenant's owner, signed in through the local IdP, on `path`. */
export async function openAsOwner(page: Page, t: PeopleTenant, path: string) {
  await signIn(page, t.owner.email, t.password);
  await page.goto(path);
}

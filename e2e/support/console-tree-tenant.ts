// A tenant of its own for the tree console specs (they rename, move and delete units, so they
// share nothing with the other specs): its IdP client, an owner, a manager of Engineering and a
// plain member, and a tree with a branch large enough that moving it runs as a tree job.
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { addMembership, type Role } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { setConnection } from '../../lib/sso';
import { operatorDb, platformDb, tenantDb } from '../../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { registerOidcClient, registerOidcUser } from '../../scripts/local-stack/oidc';

type Tree = [string, Tree?][];

/** Units the specs use, by name (names are unique in this tree). */
const TREE: Tree = [
  ['Engineering', [['Backend', [['API squad'], ['Data squad']]], ['Frontend'], ['Mobile']]],
  ['Sales', [['EMEA'], ['Americas']]],
  ['Operations', [['Facilities']]],
  ['Legacy', [['Legacy tools']]],
  ['Renames', [['Conflict target'], ['Rename me'], ['Stale delete']]],
  ['Moves', [['Drag me'], ['Drop here'], ['Dialog me'], ['Dialog target']]],
];

/**
 * Children of "Archive": with the unit itself, more than one transaction can move (a job), and
 * one more than a page of the tree (100), so the last one is past the first page.
 */
export const ARCHIVE_SIZE = 101;

export interface TreeTenant {
  tenantId: string;
  rootUnitId: string;
  name: string;
  password: string;
  people: { owner: string; manager: string; member: string };
  names: { owner: string; manager: string; member: string };
  userIds: { manager: string };
  units: Record<string, string>;
}

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through \`npm test\``);
  return v;
};

export async function createTreeTenant(): Promise<TreeTenant> {
  const issuer = need('ARBOR_LOCAL_OIDC_ISSUER');
  const adminToken = need('ARBOR_LOCAL_OIDC_ADMIN_TOKEN');
  const run = ulid().toLowerCase().slice(-8);
  const domain = `treeco-${run}.test`;
  const name = `TreeCo ${run}`;
  const password = `e2e-${randomBytes(6).toString('hex')}`;
  const people = { owner: `olga@${domain}`, manager: `mia@${domain}`, member: `max@${domain}` };
  const names = { owner: 'Olga Owner', manager: 'Mia Manager', member: 'Max Member' };

  const created = await createTenant(operatorDb(), { name, domain, owner: { email: people.owner, name: names.owner } });
  const client = { clientId: `e2e-treeco-${run}`, clientSecret: randomBytes(18).toString('base64url') };
  await registerOidcClient(issuer, adminToken, client);
  await setConnection(operatorDb(), created.tenantId, { issuer, ...client, domains: [domain], jit: false });
  for (const role of ['owner', 'manager', 'member'] as const) {
    await registerOidcUser(issuer, adminToken, { email: people[role], name: names[role], password, emailVerified: true });
  }

  const db = await tenantDb(created.tenantId);
  const units: Record<string, string> = { [name]: created.rootUnitId };
  const build = async (parentId: string, nodes: Tree) => {
    for (const [unitName, children] of nodes) {
      units[unitName] = (await createUnit(db, OPERATOR_ACTOR, { parentId, name: unitName })).id;
      if (children) await build(units[unitName], children);
    }
  };
  await build(created.rootUnitId, TREE);
  units.Archive = (await createUnit(db, OPERATOR_ACTOR, { parentId: created.rootUnitId, name: 'Archive' })).id;
  const teams = Array.from({ length: ARCHIVE_SIZE }, (_, i) => `Old team ${String(i + 1).padStart(3, '0')}`);
  for (let i = 0; i < teams.length; i += 5) {
    await Promise.all(teams.slice(i, i + 5).map(async (t) => (units[t] = (await createUnit(db, OPERATOR_ACTOR, { parentId: units.Archive, name: t })).id)));
  }

  const place = async (email: string, personName: string, unitName: string, role: Role) => {
    const user = await ensureUser(platformDb(), email, personName);
    await addMembership(db, OPERATOR_ACTOR, { unitId: units[unitName], role, userId: user.id, email, name: personName });
    return user.id;
  };
  const managerId = await place(people.manager, names.manager, 'Engineering', 'manager');
  await place(people.member, names.member, 'Sales', 'member');
  await place(people.member, names.member, 'Legacy tools', 'member');

  return { tenantId: created.tenantId, rootUnitId: created.rootUnitId, name, password, people, names, userIds: { manager: managerId }, units };
}

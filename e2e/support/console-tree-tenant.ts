// A tenant of its own for the tree console specs (they rename, move and delete units, so they
// share nothing with the other specs): its IdP client, an owner, a manager of Engineering and a
// plain member, and a tree with a branch large enough that moving it runs as a tree job.
import { addMembership, type Role } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { platformDb, tenantDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { createIdpTenant } from './idp-tenant';

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

export async function createTreeTenant(): Promise<TreeTenant> {
  const names = { owner: 'Olga Owner', manager: 'Mia Manager', member: 'Max Member' };
  const t = await createIdpTenant('TreeCo', [
    { local: 'olga', name: names.owner },
    { local: 'mia', name: names.manager },
    { local: 'max', name: names.member },
  ]);
  const { domain, name, password } = t;
  const people = { owner: `olga@${domain}`, manager: `mia@${domain}`, member: `max@${domain}` };

  const db = await tenantDb(t.tenantId);
  const units: Record<string, string> = { [name]: t.rootUnitId };
  const build = async (parentId: string, nodes: Tree) => {
    for (const [unitName, children] of nodes) {
      units[unitName] = (await createUnit(db, OPERATOR_ACTOR, { parentId, name: unitName })).id;
      if (children) await build(units[unitName], children);
    }
  };
  await build(t.rootUnitId, TREE);
  units.Archive = (await createUnit(db, OPERATOR_ACTOR, { parentId: t.rootUnitId, name: 'Archive' })).id;
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

  return { tenantId: t.tenantId, rootUnitId: t.rootUnitId, name, password, people, names, userIds: { manager: managerId }, units };
}

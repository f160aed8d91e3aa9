// A tenant of its own for the chart spec: an owner, a manager of Engineering, and a tree with a
// parent of many childless units (drawn stacked in a column).
import { addMembership, type Role } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { platformDb, tenantDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { createIdpTenant } from './idp-tenant';

type Tree = [string, Tree?][];

const TREE: Tree = [
  ['Engineering', [
    ['Backend', [['API squad'], ['Data squad']]],
    ['Frontend'],
    ['Platform', [['Build'], ['Cloud'], ['Developer tools'], ['Observability'], ['Reliability'], ['Security']]],
  ]],
  ['Sales', [['EMEA', [['Nordics']]], ['Americas']]],
  ['Operations'],
];

export interface ChartTenant {
  tenantId: string;
  rootUnitId: string;
  name: string;
  password: string;
  people: { owner: string; manager: string };
  units: Record<string, string>;
}

export async function createChartTenant(): Promise<ChartTenant> {
  const t = await createIdpTenant('ChartCo', [{ local: 'olga', name: 'Olga Owner' }, { local: 'mia', name: 'Mia Manager' }]);
  const people = { owner: `olga@${t.domain}`, manager: `mia@${t.domain}` };
  const db = await tenantDb(t.tenantId);
  const units: Record<string, string> = { [t.name]: t.rootUnitId };
  const build = async (parentId: string, nodes: Tree) => {
    for (const [unitName, children] of nodes) {
      units[unitName] = (await createUnit(db, OPERATOR_ACTOR, { parentId, name: unitName })).id;
      if (children) await build(units[unitName], children);
    }
  };
  await build(t.rootUnitId, TREE);
  const place = async (email: string, personName: string, unitName: string, role: Role) => {
    const user = await ensureUser(platformDb(), email, personName);
    await addMembership(db, OPERATOR_ACTOR, { unitId: units[unitName], role, userId: user.id, email, name: personName });
  };
  await place(people.manager, 'Mia Manager', 'Engineering', 'manager');
  return { tenantId: t.tenantId, rootUnitId: t.rootUnitId, name: t.name, password: t.password, people, units };
}

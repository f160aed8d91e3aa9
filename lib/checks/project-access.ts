// A subject's memberships as they would stand after a change set (docs/checks.md, "What-if"):
// their memberships now, with what the simulator (lib/change-sets/simulate.ts) decided for every
// membership the operations name, at the paths of the tree after. Custom roles go where the apply
// takes them: a moved membership keeps its roles, a role change keeps them, an added one holds
// those its operation carries.
import type { Grant } from '../authz';
import { splitMemberKey, type Operation } from '../change-sets/operations';
import { pathOf, type Simulation, type Tree } from '../change-sets/simulate';

/** The path of a unit in a simulated tree (`/<top>/…/<id>/`), or undefined when it is not there. */
export function pathIn(tree: Tree, unitId: string): string | undefined {
  const ids = pathOf(tree, unitId);
  return ids.length ? `/${ids.join('/')}/` : undefined;
}

export function projectMemberships(userId: string, now: readonly Grant[], ops: readonly { op: Operation }[], sim: Simulation): Grant[] {
  const roles = new Map(now.map((g) => [g.unitId, g.roles]));
  for (const { op } of ops) {
    if (!('userId' in op) || op.userId !== userId) continue;
    if (op.kind === 'addMember') roles.set(op.unitId, op.roles);
    if (op.kind === 'moveMember') roles.set(op.unitId, roles.get(op.fromUnitId));
  }
  const held = new Map(now.map((g) => [g.unitId, g.role]));
  for (const [key, role] of sim.memberships) {
    const { unitId, userId: user } = splitMemberKey(key);
    if (user !== userId) continue;
    if (role) held.set(unitId, role);
    else held.delete(unitId);
  }
  return [...held].flatMap(([unitId, role]): Grant[] => {
    const unitPath = pathIn(sim.after, unitId);
    const custom = roles.get(unitId);
    return unitPath ? [{ unitId, unitPath, role, ...(custom?.length ? { roles: custom } : {}) }] : [];
  });
}

// Where an actor's view of the tree starts: the console's tree, its chart and its exports all
// open from these units, so each shows exactly what the others show.
import { isWithin, pathIds } from '../db';
import { tenantRole, type ActorAccess } from './grants';

/** The units whose subtrees the actor sees, shallowest first (ids only; no request). */
export function topUnitIds(access: ActorAccess): string[] {
  if (tenantRole(access)) return [pathIds(access.memberships[0].unitPath)[0]];
  const paths = [...new Set(access.memberships.map((g) => g.unitPath))].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const tops: string[] = [];
  for (const p of paths) if (!tops.some((t) => isWithin(p, t))) tops.push(p);
  return tops.map((p) => pathIds(p).at(-1)!);
}

// Whether the tree may offer a drop of one unit onto another, from the actor's move scopes
// (lib/screens/unit-view `moveScopes`): the same test as lib/authz's 'unit.move' rule (one
// managed unit must hold the moved unit strictly inside and the destination inside), plus the
// structural refusals. Only a hint for dragging: the server decides again on drop.
// test/screens/move-rules.test.ts checks it agrees with `can()`.
import type { MoveScopes } from '@/lib/screens/unit-view';

export interface MovableUnit {
  id: string;
  name: string;
  path: string;
  parentId: string | null;
}

/** Why the unit can't go there, in words; undefined when the move may be offered. */
export function moveRefusal(scopes: MoveScopes, unit: MovableUnit, destination: MovableUnit): string | undefined {
  if (unit.parentId === null) return 'The top unit of the organization cannot be moved.';
  if (destination.path.startsWith(unit.path)) return "A unit can't be moved into itself or into one of its own sub-units.";
  if (destination.id === unit.parentId) return `${unit.name} is already in ${destination.name}.`;
  if (scopes === 'all') return undefined;
  const holdsUnit = scopes.filter((p) => unit.path !== p && unit.path.startsWith(p));
  if (holdsUnit.length === 0) return `You need to manage a unit above ${unit.name} to move it.`;
  if (!holdsUnit.some((p) => destination.path.startsWith(p))) {
    return `You can move ${unit.name} only within the units you manage, and ${destination.name} is outside them.`;
  }
  return undefined;
}

export const canMoveWithin = (scopes: MoveScopes, unit: MovableUnit, destination: MovableUnit) =>
  moveRefusal(scopes, unit, destination) === undefined;

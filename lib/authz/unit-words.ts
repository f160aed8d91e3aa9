// How a refusal names a unit: by its name when the actor may see it (explain-access.ts leaves the
// name out otherwise), else "this unit".
import { depthOf } from '../db';
import type { UnitRef } from './actions';

export const label = (u: UnitRef) => u.name ?? 'this unit';

/** "Cloud or one of its parent units"; just the name for the top unit, which has none. */
export const orAbove = (u: UnitRef) => (depthOf(u.path) === 0 ? label(u) : `${label(u)} or one of its parent units`);

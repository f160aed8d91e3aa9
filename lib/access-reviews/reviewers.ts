// Who judges an item: for access held on a unit, the nearest administrator above it (walking the
// unit's ancestors from its parent up, read from the units' `administrators` maps), never the
// subject; at the top, the owners (the one who started the review unless it is their own access).
// Nobody but the subject → null: recorded, shown to the owners, never self-reviewed.
import 'server-only';
import { administratorsOf, type PathUnit } from '../authz';
import { parentPathOf, pathIds } from '../db';
import type { ReviewPerson } from './types';

type Administrators = PathUnit['administrators'];

export interface ReviewerContext {
  rootUnitId: string;
  /** The units of every path involved, with their administrators. */
  units: ReadonlyMap<string, { id: string; path: string; administrators?: Administrators }>;
  startedBy: ReviewPerson;
}

export function chooseReviewer(ctx: ReviewerContext, judgedFrom: { path: string } | undefined, subjectUserId: string | undefined): ReviewPerson | null {
  const notSubject = (userId: string) => userId !== subjectUserId;
  if (judgedFrom) {
    // From the parent up to (not including) the root: the root's people are the owners' step.
    const above = pathIds(parentPathOf(judgedFrom.path)).reverse();
    for (const id of above) {
      if (id === ctx.rootUnitId) break;
      const unit = ctx.units.get(id);
      if (!unit) continue;
      // A unit's own managers, strongest first then by name (administratorsOf's order).
      const here = administratorsOf([{ id: unit.id, path: unit.path, administrators: unit.administrators ?? {} }]).filter((a) => notSubject(a.userId));
      if (here[0]) return person(here[0]);
    }
  }
  const root = ctx.units.get(ctx.rootUnitId);
  const top = root ? administratorsOf([{ id: root.id, path: root.path, administrators: root.administrators ?? {} }]) : [];
  const owners = top.filter((a) => a.grantedBy.role === 'owner');
  if (notSubject(ctx.startedBy.userId) && owners.some((o) => o.userId === ctx.startedBy.userId)) return ctx.startedBy;
  const other = owners.find((o) => notSubject(o.userId)) ?? top.find((a) => notSubject(a.userId));
  return other ? person(other) : null;
}

const person = (a: { userId: string; email: string; name: string }): ReviewPerson => ({ userId: a.userId, email: a.email, ...(a.name ? { name: a.name } : {}) });

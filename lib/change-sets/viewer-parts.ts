// What one viewer is shown of a change set. Owners and admins see it all; anyone else sees the
// operations and the parts of the preview about units they may see (lib/authz `tree.read`), with
// the units outside their view unnamed ("a unit outside your view", as a unit's history says)
// and the operations that touch only such units left out and counted ("3 changes outside your
// area"). The API and the console show the same.
import 'server-only';
import { can, type ActorAccess } from '../authz';
import { depthOf } from '../org/unit-item';
import type { ChangeSet, DraftedOperation } from './change-set-item';
import { unitsNamed } from './operations';
import type { Preview } from './preview';
import { pictureForViewer } from './viewer-pictures';
import { pathOf, type Tree } from './simulate';

export const OUTSIDE_VIEW = 'a unit outside your view';

/** Whether the viewer sees a unit, by its path; and whether they may read its name (it lies above a unit of theirs). */
export function unitSight(viewer: ActorAccess) {
  const sees = (path: string) => can(viewer, 'tree.read', { unit: { id: '', path } });
  const names = (path: string) => sees(path) || viewer.memberships.some((g) => g.unitPath.startsWith(path));
  return { sees, names };
}

/** Any membership of the top unit sees the whole tree. */
export const seesEverything = (viewer: ActorAccess) => viewer.memberships.some((g) => depthOf(g.unitPath) === 0);

/**
 * The operations the viewer is shown: those naming at least one unit they see, by the paths the
 * operation was drafted on (a unit the set creates counts as the unit it is created under).
 */
export function shownOperations(viewer: ActorAccess, set: Pick<ChangeSet, 'operations'>): { shown: DraftedOperation[]; seenUnits: Set<string> } {
  const { sees } = unitSight(viewer);
  const createdParent = new Map(set.operations.flatMap(({ op }) => (op.kind === 'createUnit' ? [[op.unitId, op.parentId] as const] : [])));
  const paths = new Map(set.operations.flatMap((o) => Object.entries(o.basis.units).map(([id, u]) => [id, u.path] as const)));
  const seen = (id: string): boolean => {
    for (let at: string | undefined = id, n = 0; at && n < 2000; at = createdParent.get(at), n++) {
      const path = paths.get(at);
      if (path) return sees(path);
    }
    return false;
  };
  const seenUnits = new Set([...paths.keys(), ...createdParent.keys()].filter(seen));
  return { shown: set.operations.filter((o) => unitsNamed(o.op).some((id) => seenUnits.has(id))), seenUnits };
}

/** The preview as the viewer may see it, from the live tree it was computed on. */
export function previewFor(viewer: ActorAccess, preview: Preview, tree: Tree, set: Pick<ChangeSet, 'operations'>): Preview {
  if (seesEverything(viewer)) return preview;
  const { sees, names } = unitSight(viewer);
  const pathIn = (id: string) => `/${pathOf(tree, id).join('/')}/`;
  const seesUnit = (id: string) => tree.units.has(id) && sees(pathIn(id));
  const shownSeqs = new Set(shownOperations(viewer, set).shown.map((o) => o.seq));
  const createdUnder = new Map(set.operations.flatMap(({ op }) => (op.kind === 'createUnit' ? [[op.unitId, op.parentId] as const] : [])));
  const nameable = (id: string): boolean => {
    if (tree.units.has(id)) return names(pathIn(id));
    const parent = createdUnder.get(id);
    return parent !== undefined && parent !== id && seesUnit(parent);
  };
  // A unit the set creates is seen when the unit it is created under is.
  const sight = { sees: (id: string) => seesUnit(id) || (!tree.units.has(id) && nameable(id)), names: nameable, outside: OUTSIDE_VIEW };
  const row = <R extends { id: string; name: string; note?: string }>(r: R): R => (nameable(r.id) ? r : { ...r, name: OUTSIDE_VIEW, note: undefined });
  return {
    ...preview,
    conflicts: preview.conflicts.filter((c) => shownSeqs.has(c.seq)),
    problems: preview.problems.filter((p) => shownSeqs.has(p.seq)),
    tree: { ...preview.tree, before: preview.tree.before.map(row), after: preview.tree.after.map(row) },
    pictures: { before: pictureForViewer(preview.pictures.before, sight), after: pictureForViewer(preview.pictures.after, sight) },
    people: preview.people
      .map((p) => ({ ...p, gains: p.gains.filter((g) => seesUnit(g.unitId)), losses: p.losses.filter((l) => seesUnit(l.unitId)) }))
      .filter((p) => p.gains.length + p.losses.length > 0),
    membershipsLost: preview.membershipsLost.filter((m) => seesUnit(m.unitId)).map((m) => (m.toUnitName && !seesAfter(m) ? { ...m, toUnitName: OUTSIDE_VIEW } : m)),
    unmanaged: preview.unmanaged.filter((u) => seesUnit(u.unitId)),
    approvals: {
      ...preview.approvals,
      areas: preview.approvals.areas.map((a) => (seesUnit(a.unitId)
        ? { ...a, operations: a.operations.filter((seq) => shownSeqs.has(seq)) }
        : { ...a, unitName: OUTSIDE_VIEW, operations: a.operations.filter((seq) => shownSeqs.has(seq)), approvers: [] })),
    },
  };

  /** A move's destination is named only when the viewer sees one of the operations' units there. */
  function seesAfter(m: Preview['membershipsLost'][number]) {
    return set.operations.some(({ op }) => op.kind === 'moveMember' && op.userId === m.userId && op.fromUnitId === m.unitId && (seesUnit(op.unitId) || nameable(op.unitId)));
  }
}

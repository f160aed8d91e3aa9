// A change set's before and after pictures as one viewer may see them (./viewer-parts.ts).
import type { PictureSide, PictureUnit } from './pictures';

export interface PictureSight {
  /** The viewer sees the unit (lib/authz `tree.read`): its card may say what it holds. */
  sees(id: string): boolean;
  /** The viewer may read its name: they see it, or it lies above a unit of theirs. */
  names(id: string): boolean;
  /** What an unnamed card is called. */
  outside: string;
}

/**
 * Cards for units the viewer may not name are unnamed; those that are only context (a leaf of
 * the picture, changing nothing) are left out and counted in their parent's units below. Counts
 * (members, sub-units, units below) stay only on units the viewer sees: an ancestor of their
 * units keeps its name, but what it holds includes units outside their view.
 */
export function pictureForViewer(side: PictureSide, sight: PictureSight): PictureSide {
  const parents = new Set(side.units.map((u) => u.parentId));
  const folded = new Map<string, number>();
  const gone = new Set<string>();
  for (const u of side.units) {
    if (sight.names(u.id) || u.marks.length > 0 || parents.has(u.id) || u.parentId === null) continue;
    gone.add(u.id);
    folded.set(u.parentId, (folded.get(u.parentId) ?? 0) + 1 + u.below);
  }
  return {
    units: side.units.filter((u) => !gone.has(u.id)).map((u): PictureUnit => {
      if (sight.sees(u.id)) return { ...u, below: u.below + (folded.get(u.id) ?? 0) };
      // Above the viewer's units or outside their view: the card says what changes, not what the unit holds.
      const { memberCount: _m, childCount: _c, ...rest } = u;
      return sight.names(u.id) ? { ...rest, below: 0 } : { ...rest, name: sight.outside, note: undefined, below: 0 };
    }),
    more: side.more,
  };
}

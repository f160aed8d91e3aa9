// A change set's before and after as two pictures of the affected area: in each tree, the
// smallest subtree holding every unit the set changes and its old and new places (the parents
// it leaves and joins), drawn as the ways down from that subtree's top to each of them, plus
// one level of context (the other children of every unit on those ways). Bounded per side; what
// does not fit is counted. Computed from the trees the preview already holds: no reads.
import { pathOf, type Tree } from './simulate';
import { markNote, subtreeSizes, type Mark } from './tree-changes';

/** Cards one side draws at most; past this, the ways to the changes first, then context. */
export const PICTURE_LIMIT = 300;

export interface PictureUnit {
  id: string;
  /** null for the picture's top. */
  parentId: string | null;
  name: string;
  marks: Mark[];
  /** renamed: the other name; moved: the other parent's name (as in the tree rows). */
  note?: string;
  /** Units below it that the picture does not draw. */
  below: number;
  /** Left out on units outside the viewer's view (./viewer-parts.ts). */
  memberCount?: number;
  /** Its sub-units in that tree, drawn or not; left out as memberCount is. */
  childCount?: number;
}

export interface PictureSide {
  /** Parents before children, siblings by name. */
  units: PictureUnit[];
  /** Cards of the area left out for the bound. */
  more: number;
}

export interface Pictures {
  before: PictureSide;
  after: PictureSide;
}

/** The places a change concerns: the changed units and their parents on either side. */
export function anchorsOf(marks: Map<string, Set<Mark>>, before: Tree, after: Tree): string[] {
  const out = new Set<string>();
  for (const id of marks.keys()) {
    out.add(id);
    for (const tree of [before, after]) {
      const parent = tree.units.get(id)?.parentId;
      if (parent) out.add(parent);
    }
  }
  return [...out];
}

/** The deepest unit that is an ancestor of (or is) every one of `ids` in `tree`. */
export function commonTop(tree: Tree, ids: string[]): string | undefined {
  let common: string[] | undefined;
  for (const id of ids) {
    const path = pathOf(tree, id);
    if (path.length === 0) continue;
    if (!common) { common = path; continue; }
    let n = 0;
    while (n < common.length && n < path.length && common[n] === path[n]) n++;
    common = common.slice(0, n);
  }
  return common?.at(-1);
}

/** One side's picture: `tree` with the set's `marks`, `other` the tree on the other side (for notes). */
export function pictureOf(tree: Tree, other: Tree, marks: Map<string, Set<Mark>>, anchors: string[], limit = PICTURE_LIMIT): PictureSide {
  const present = anchors.filter((id) => tree.units.has(id));
  const top = commonTop(tree, present);
  if (!top) return { units: [], more: 0 };
  const drawn = new Set<string>();
  const way = new Set<string>();
  let more = 0;
  // The ways down to each place, whole or not at all, in the order the operations name them.
  for (const id of present) {
    const path = pathOf(tree, id);
    const steps = path.slice(path.indexOf(top));
    steps.forEach((s) => way.add(s));
    const missing = steps.filter((s) => !drawn.has(s));
    if (drawn.size + missing.length <= limit) missing.forEach((s) => drawn.add(s));
  }
  more += [...way].filter((id) => !drawn.has(id)).length;
  // Context: the other children of the drawn ways, those of changed units first (what moves with them).
  const byName = (a: string, b: string) => tree.units.get(a)!.name.localeCompare(tree.units.get(b)!.name);
  const context: string[] = [];
  const ways = [...drawn];
  for (const changedFirst of [true, false]) {
    for (const id of ways) {
      if (marks.has(id) !== changedFirst) continue;
      context.push(...[...(tree.children.get(id) ?? [])].filter((c) => !way.has(c)).sort(byName));
    }
  }
  for (const id of context) {
    if (drawn.size < limit) drawn.add(id);
    else more++;
  }
  const sizes = subtreeSizes(tree);
  const units: PictureUnit[] = [];
  const walk = (id: string) => {
    const u = tree.units.get(id)!;
    const children = [...(tree.children.get(id) ?? [])];
    const m = [...(marks.get(id) ?? [])];
    const note = markNote(m, id, other);
    const below = children.filter((c) => !drawn.has(c)).reduce((n, c) => n + (sizes.get(c) ?? 0), 0);
    units.push({
      id, parentId: id === top ? null : u.parentId, name: u.name, marks: m, ...(note ? { note } : {}), below,
      memberCount: u.memberCount, childCount: children.length,
    });
    for (const c of children.filter((c) => drawn.has(c)).sort(byName)) walk(c);
  };
  walk(top);
  return { units, more };
}

export function pictures(before: Tree, after: Tree, marks: Map<string, Set<Mark>>, limit = PICTURE_LIMIT): Pictures {
  const anchors = anchorsOf(marks, before, after);
  return { before: pictureOf(before, after, marks, anchors, limit), after: pictureOf(after, before, marks, anchors, limit) };
}

// The tree today beside the tree after, reduced to what the change set touches: each touched
// unit with its ancestors, marked created, renamed, moved or deleted, and the counts per kind.
import type { DraftedOperation } from './change-set-item';
import { pathOf, subtreeOf, type Tree } from './simulate';

export type Mark = 'created' | 'renamed' | 'moved' | 'deleted';

export interface TreeRow {
  id: string;
  name: string;
  depth: number;
  marks: Mark[];
  /** renamed: the other name; moved: the other parent's name. */
  note?: string;
  /** Units below it (in that tree), shown as a count rather than rows. */
  below: number;
}

export interface TreeChanges {
  counts: Record<Mark, number>;
  before: TreeRow[];
  after: TreeRow[];
}

/** The units the set changes, each with what happens to it, in the order the operations name them. */
export function changeMarks(before: Tree, after: Tree, operations: DraftedOperation[], deleted: Map<string, string[]>): Map<string, Set<Mark>> {
  const marks = new Map<string, Set<Mark>>();
  const mark = (id: string, m: Mark) => marks.set(id, (marks.get(id) ?? new Set()).add(m));
  for (const { op } of operations) {
    if (op.kind === 'createUnit' && after.units.has(op.unitId) && !before.units.has(op.unitId)) mark(op.unitId, 'created');
    if (op.kind === 'renameUnit' && before.units.get(op.unitId)?.name !== after.units.get(op.unitId)?.name && after.units.has(op.unitId)) mark(op.unitId, 'renamed');
    if (op.kind === 'moveUnit' && before.units.has(op.unitId) && after.units.has(op.unitId) && before.units.get(op.unitId)!.parentId !== after.units.get(op.unitId)!.parentId) mark(op.unitId, 'moved');
  }
  for (const id of deleted.keys()) if (before.units.has(id)) mark(id, 'deleted');
  return marks;
}

/** A marked unit's note, read in `tree`: renamed, the other name; moved, the other parent's name. */
export function markNote(marks: Mark[], id: string, other: Tree): string | undefined {
  if (marks.includes('renamed')) return other.units.get(id)?.name;
  if (marks.includes('moved')) return other.units.get(other.units.get(id)?.parentId ?? '')?.name;
  return undefined;
}

export function treeChanges(before: Tree, after: Tree, operations: DraftedOperation[], deleted: Map<string, string[]>): TreeChanges {
  const marks = changeMarks(before, after, operations, deleted);
  const counts: Record<Mark, number> = { created: 0, renamed: 0, moved: 0, deleted: 0 };
  for (const set of marks.values()) for (const m of set) counts[m]++;
  const rows = (tree: Tree, other: Tree) => {
    const keep = new Set<string>();
    for (const id of marks.keys()) if (tree.units.has(id)) for (const a of pathOf(tree, id)) keep.add(a);
    const sizes = subtreeSizes(tree);
    const out: TreeRow[] = [];
    const walk = (id: string, depth: number) => {
      const u = tree.units.get(id)!;
      const m = [...(marks.get(id) ?? [])];
      const note = markNote(m, id, other);
      const shown = [...(tree.children.get(id) ?? [])].filter((c) => keep.has(c));
      // What is below and not shown as rows of its own.
      const hidden = [...(tree.children.get(id) ?? [])].filter((c) => !keep.has(c)).reduce((n, c) => n + sizes.get(c)!, 0);
      out.push({ id, name: u.name, depth, marks: m, ...(note ? { note } : {}), below: hidden });
      for (const c of shown.sort((a, b) => tree.units.get(a)!.name.localeCompare(tree.units.get(b)!.name))) walk(c, depth + 1);
    };
    if (keep.has(tree.rootId)) walk(tree.rootId, 0);
    return out;
  };
  return {
    counts,
    before: rows(before, after),
    after: rows(after, before),
  };
}

/** Units in each unit's subtree, itself included. */
export function subtreeSizes(tree: Tree): Map<string, number> {
  const sizes = new Map<string, number>();
  const order = subtreeOf(tree, tree.rootId).reverse();
  for (const id of order) sizes.set(id, 1 + [...(tree.children.get(id) ?? [])].reduce((n, c) => n + (sizes.get(c) ?? 0), 0));
  return sizes;
}

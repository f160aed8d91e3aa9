// The chart's layout: a tidy tree of variable-sized cards (d3-flextree, O(n)), top-down, with
// orthogonal connectors. One function for the console's chart and the server's exports, so a
// download looks like the screen. Browser-safe, no I/O.
import { flextree, type FlextreeNode } from 'd3-flextree';
import type { ChartLayout, LayoutInput, PlacedLink, PlacedNode } from './types';

export interface LayoutOptions {
  /** Ids whose descendants are left out (folded cards). */
  collapsed?: ReadonlySet<string>;
  /** Space between sibling cards. */
  siblingGap?: number;
  /** Space between levels. */
  levelGap?: number;
}

interface Tree {
  node: LayoutInput;
  children: Tree[];
}

/** Lays out the nodes under their first parentless node (inputs: parents before children). */
export function layoutChart(inputs: readonly LayoutInput[], options: LayoutOptions = {}): ChartLayout {
  const { collapsed = new Set<string>(), siblingGap = 24, levelGap = 48 } = options;
  if (inputs.length === 0) return { nodes: [], links: [], bounds: { x: 0, y: 0, width: 0, height: 0 } };
  const byId = new Map<string, Tree>();
  let root: Tree | undefined;
  for (const node of inputs) {
    const tree: Tree = { node, children: [] };
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent) {
      if (!collapsed.has(parent.node.id) && byId.has(parent.node.id)) parent.children.push(tree);
      else continue;
    } else if (!root) root = tree;
    else continue;
    byId.set(node.id, tree);
  }
  const layout = flextree<Tree>({
    children: (t) => (t.children.length ? t.children : undefined),
    nodeSize: (n) => [n.data.node.width + siblingGap, n.data.node.height + levelGap],
  });
  const top = layout(layout.hierarchy(root!));
  const nodes: PlacedNode[] = [];
  const links: PlacedLink[] = [];
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  top.each((n: FlextreeNode<Tree>) => {
    const { id, width, height } = n.data.node;
    const x = n.x - width / 2;
    nodes.push({ id, x, y: n.y, width, height, depth: n.depth });
    minX = Math.min(minX, x); minY = Math.min(minY, n.y);
    maxX = Math.max(maxX, x + width); maxY = Math.max(maxY, n.y + height);
    if (n.parent) {
      const p = n.parent;
      const fromY = p.y + p.data.node.height;
      const midY = fromY + levelGap / 2;
      links.push({ from: p.data.node.id, to: id, points: [[p.x, fromY], [p.x, midY], [n.x, midY], [n.x, n.y]] });
    }
  });
  return { nodes, links, bounds: { x: minX, y: minY, width: maxX - minX, height: maxY - minY } };
}

// The tree as nested lists, from units in path order (a parent always precedes its children).
import type { Unit } from '@/lib/org';

interface Node {
  unit: Unit;
  children: Node[];
}

function nest(units: Unit[], rootId: string): Node | undefined {
  const nodes = new Map(units.map((u) => [u.id, { unit: u, children: [] as Node[] }]));
  for (const node of nodes.values()) if (node.unit.parentId) nodes.get(node.unit.parentId)?.children.push(node);
  for (const node of nodes.values()) node.children.sort((a, b) => a.unit.name.localeCompare(b.unit.name));
  return nodes.get(rootId);
}

function Branch({ node }: { node: Node }) {
  return (
    <li className="mt-1">
      <span>{node.unit.name}</span>
      {node.children.length > 0 && (
        <ul className="ml-5 border-l border-zinc-200 pl-3 dark:border-zinc-800">
          {node.children.map((c) => (
            <Branch key={c.unit.id} node={c} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function PlainTree({ units, rootId, truncated }: { units: Unit[]; rootId: string; truncated: boolean }) {
  const root = nest(units, rootId);
  if (!root) return null;
  return (
    <section aria-label="Organization tree" className="mt-4">
      <ul>
        <Branch node={root} />
      </ul>
      {truncated && <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">Showing the first {units.length} units.</p>}
    </section>
  );
}

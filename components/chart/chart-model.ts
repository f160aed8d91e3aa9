// The chart's data as the drawing needs it: one card per unit or person, whatever the view, the
// tree's links both ways, what opens folded, and the type-ahead's matches. Pure, no React.
import type { ChartPerson, ChartUnit, LayoutInput, PeopleChart, UnitChart } from '@/lib/chart';

export const UNIT_CARD = { width: 220, height: 96 } as const;
export const PERSON_CARD = { width: 200, height: 72 } as const;
/** The people chart's stand-in top when several lines start at the top (not a person, not focusable). */
export const ORG_ID = '~org';
/** Levels below the top shown unfolded when the chart opens (besides the way to the viewer's place). */
const OPEN_LEVELS = 2;

export type ChartCard =
  | { kind: 'unit'; id: string; parentId: string | null; name: string; unit: ChartUnit }
  | { kind: 'person'; id: string; parentId: string | null; name: string; person: ChartPerson; managerName?: string }
  | { kind: 'org'; id: string; parentId: null; name: string };

export interface ChartModel {
  cards: ChartCard[];
  byId: Map<string, ChartCard>;
  /** Children in the data's order (folded or not). */
  children: Map<string, string[]>;
  rootId: string;
  /** Where the chart opens and Home goes. */
  homeId: string;
  inputs: LayoutInput[];
}

export function unitModel(chart: UnitChart): ChartModel {
  const cards: ChartCard[] = chart.units.map((unit) => ({ kind: 'unit', id: unit.id, parentId: unit.parentId, name: unit.name, unit }));
  const rootId = chart.units[0]?.id ?? chart.rootId;
  return build(cards, rootId, chart.viewerUnitIds.find((id) => cards.some((c) => c.id === id)) ?? rootId, UNIT_CARD);
}

export function peopleModel(chart: PeopleChart, organization: string): ChartModel {
  const known = new Set(chart.people.map((p) => p.userId));
  const names = new Map(chart.people.map((p) => [p.userId, p.name]));
  const tops = chart.people.filter((p) => !p.managerId || !known.has(p.managerId));
  const shared = tops.length !== 1;
  const cards: ChartCard[] = shared ? [{ kind: 'org', id: ORG_ID, parentId: null, name: organization }] : [];
  for (const person of chart.people) {
    const top = !person.managerId || !known.has(person.managerId);
    cards.push({
      kind: 'person', id: person.userId, name: person.name, person,
      parentId: top ? (shared ? ORG_ID : null) : person.managerId,
      managerName: person.managerId ? names.get(person.managerId) : undefined,
    });
  }
  const rootId = cards[0]?.id ?? ORG_ID;
  const home = known.has(chart.viewerUserId) ? chart.viewerUserId : rootId;
  return build(cards, rootId, home, PERSON_CARD);
}

function build(cards: ChartCard[], rootId: string, homeId: string, size: { width: number; height: number }): ChartModel {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const children = new Map<string, string[]>();
  for (const c of cards) {
    if (!c.parentId || !byId.has(c.parentId)) continue;
    const list = children.get(c.parentId);
    if (list) list.push(c.id);
    else children.set(c.parentId, [c.id]);
  }
  const inputs = cards.map((c) => ({ id: c.id, parentId: c.parentId, width: c.kind === 'org' ? UNIT_CARD.width : size.width, height: c.kind === 'org' ? 56 : size.height }));
  return { cards, byId, children, rootId, homeId, inputs };
}

/** The ids from the top down to `id` (empty when it is not in the chart). */
export function pathTo(model: ChartModel, id: string): string[] {
  const path: string[] = [];
  for (let at = model.byId.get(id); at; at = at.parentId ? model.byId.get(at.parentId) : undefined) {
    path.unshift(at.id);
    if (path.length > 1_000) break; // a cycle in bad data must not hang the page
  }
  return path;
}

/** What opens folded: everything with children beyond the first levels, except the way to `targetId`. */
export function initialCollapsed(model: ChartModel, targetId: string): Set<string> {
  const open = new Set(pathTo(model, targetId));
  const depth = new Map<string, number>([[model.rootId, 0]]);
  const collapsed = new Set<string>();
  for (const card of model.cards) {
    const d = card.parentId && depth.has(card.parentId) ? depth.get(card.parentId)! + 1 : 0;
    depth.set(card.id, d);
    if (model.children.has(card.id) && d >= OPEN_LEVELS && !open.has(card.id)) collapsed.add(card.id);
  }
  return collapsed;
}

/** Folded cards with the way to `id` unfolded (a new set, or the same one when nothing changes). */
export function reveal(collapsed: Set<string>, model: ChartModel, id: string): Set<string> {
  const hidden = pathTo(model, id).slice(0, -1).filter((a) => collapsed.has(a));
  if (hidden.length === 0) return collapsed;
  const next = new Set(collapsed);
  for (const a of hidden) next.delete(a);
  return next;
}

/** Cards whose name has a word starting with the query, best first (a name starting with it), at most `limit`. */
export function searchCards(model: ChartModel, query: string, limit = 8): ChartCard[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [];
  const first: ChartCard[] = [];
  const rest: ChartCard[] = [];
  for (const card of model.cards) {
    if (card.kind === 'org') continue;
    const name = card.name.toLocaleLowerCase();
    if (name.startsWith(q)) first.push(card);
    else if (name.split(/[\s\-_/&,.()]+/).some((w) => w.startsWith(q))) rest.push(card);
    if (first.length >= limit) break;
  }
  return [...first, ...rest].slice(0, limit);
}

/** Where a card sits among its siblings, for aria-posinset / aria-setsize, and its level. */
export function treePosition(model: ChartModel, id: string, level: number) {
  const card = model.byId.get(id)!;
  const siblings = card.parentId ? model.children.get(card.parentId) ?? [id] : [id];
  return { level, posinset: siblings.indexOf(id) + 1, setsize: siblings.length };
}

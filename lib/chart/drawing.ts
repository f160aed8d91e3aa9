// The chart as a list of shapes: cards, their text and initials, connectors and a header, placed
// by `layoutChart`. The SVG (./svg.ts), and through it the PNG, and the PDF (./pdf.ts) are each a
// way of painting this one list, so every format shows the same picture. Browser-safe, no I/O.
import { plural } from '../text/plural';
import { CHART_LIMITS } from './limits';
import { tooManyCards } from './errors';
import { layoutChart } from './layout';
import type { ChartLayout, ChartPerson, ChartUnit, LayoutInput, PeopleChart, UnitChart } from './types';

export type Shape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius: number; fill: string; stroke: string; strokeWidth: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | { kind: 'line'; points: [number, number][]; stroke: string; width: number; dashed?: boolean }
  | { kind: 'text'; x: number; y: number; text: string; size: number; bold?: boolean; fill: string; anchor?: 'start' | 'middle' };

export interface Drawing {
  width: number;
  height: number;
  /** The organization's name and the date, for headers and file names. */
  title: string;
  date: string;
  /** Where the cards start below the header (the PDF tiles the part below it). */
  headerHeight: number;
  shapes: Shape[];
  /** Each card's box, for tiling and tests. */
  cards: { id: string; x: number; y: number; width: number; height: number }[];
}

export interface DrawOptions {
  /** Cards drawn emphasised (a change set's moved units). */
  highlight?: ReadonlySet<string>;
  /** Units whose subtrees are folded. */
  collapsed?: ReadonlySet<string>;
  /** A line under the title ("Engineering and below"). */
  subtitle?: string;
}

/** The id of the node that holds several tops together (ids are ULIDs: never this). */
const JOIN = '#tops';
export const UNIT_CARD = { width: 220, height: 96 } as const;
export const PERSON_CARD = { width: 200, height: 72 } as const;
const MARGIN = 32;
const HEADER = 72;
const INK = '#111827';
const MUTED = '#4b5563';
const EDGE = '#9ca3af';
const CARD = { fill: '#ffffff', stroke: '#d1d5db', strokeWidth: 1 };
const EMPHASIS = { fill: '#eff6ff', stroke: '#2563eb', strokeWidth: 3 };
const AVATARS = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0e7490'];

/** The unit chart as shapes. */
export function drawUnitChart(chart: UnitChart, options: DrawOptions = {}): Drawing {
  const byId = new Map(chart.units.map((u) => [u.id, u]));
  const inputs: LayoutInput[] = chart.units.map((u) => ({ id: u.id, parentId: u.parentId, ...UNIT_CARD }));
  return draw(chart.tenantName, chart.generatedAt, inputs, options, (id, x, y, emphasis) => unitCard(byId.get(id)!, x, y, emphasis, options.collapsed?.has(id)));
}

/** The people chart as shapes. */
export function drawPeopleChart(chart: PeopleChart, options: DrawOptions = {}): Drawing {
  const byId = new Map(chart.people.map((p) => [p.userId, p]));
  const inputs: LayoutInput[] = chart.people.map((p) => ({ id: p.userId, parentId: p.managerId, ...PERSON_CARD }));
  // Several tops: one invisible node above them keeps them on one picture, side by side.
  const tops = inputs.filter((n) => n.parentId === null);
  const joined = tops.length > 1 ? [{ id: JOIN, parentId: null, width: PERSON_CARD.width, height: 1 }, ...inputs.map((n) => (n.parentId === null ? { ...n, parentId: JOIN } : n))] : inputs;
  // A line to a manager in another unit is dashed, as the card says.
  const elsewhere = (id: string) => byId.get(id)?.managerElsewhere === true;
  return draw(chart.tenantName, chart.generatedAt, joined, options, (id, x, y, emphasis) => personCard(byId.get(id)!, x, y, emphasis), elsewhere);
}

function draw(
  title: string,
  generatedAt: string,
  inputs: LayoutInput[],
  options: DrawOptions,
  card: (id: string, x: number, y: number, emphasis: boolean) => Shape[],
  dashedTo: (id: string) => boolean = () => false,
): Drawing {
  const layout: ChartLayout = layoutChart(inputs, { collapsed: options.collapsed });
  const drawn = layout.nodes.filter((n) => n.id !== JOIN);
  if (drawn.length > CHART_LIMITS.maxExportNodes) throw tooManyCards(drawn.length, CHART_LIMITS.maxExportNodes);
  const date = generatedAt.slice(0, 10);
  // The extent of the cards drawn (the node joining several tops takes no room).
  let [minX, minY, maxX, maxY] = drawn.length ? [Infinity, Infinity, -Infinity, -Infinity] : [0, 0, 0, 0];
  for (const n of drawn) {
    minX = Math.min(minX, n.x);
    minY = Math.min(minY, n.y);
    maxX = Math.max(maxX, n.x + n.width);
    maxY = Math.max(maxY, n.y + n.height);
  }
  const dx = MARGIN - minX;
  const dy = MARGIN + HEADER - minY;
  const width = Math.max(maxX - minX + 2 * MARGIN, 480);
  const height = maxY - minY + 2 * MARGIN + HEADER;
  const shapes: Shape[] = [
    { kind: 'text', x: MARGIN, y: MARGIN + 14, text: fit(title, width - 2 * MARGIN, 22), size: 22, bold: true, fill: INK },
    { kind: 'text', x: MARGIN, y: MARGIN + 40, text: fit([options.subtitle, date].filter(Boolean).join(' · '), width - 2 * MARGIN, 13), size: 13, fill: MUTED },
  ];
  for (const link of layout.links) {
    if (link.from === JOIN) continue;
    shapes.push({ kind: 'line', points: link.points.map(([x, y]) => [x + dx, y + dy]), stroke: EDGE, width: 1.5, ...(dashedTo(link.to) ? { dashed: true } : {}) });
  }
  const cards: Drawing['cards'] = [];
  for (const n of drawn) {
    const x = n.x + dx;
    const y = n.y + dy;
    cards.push({ id: n.id, x, y, width: n.width, height: n.height });
    shapes.push(...card(n.id, x, y, options.highlight?.has(n.id) ?? false));
  }
  return { width, height, title, date, headerHeight: MARGIN + HEADER, shapes, cards };
}

function unitCard(u: ChartUnit, x: number, y: number, emphasis: boolean, folded = false): Shape[] {
  const { width, height } = UNIT_CARD;
  const shapes: Shape[] = [{ kind: 'rect', x, y, width, height, radius: 8, ...(emphasis ? EMPHASIS : CARD) }];
  shapes.push({ kind: 'text', x: x + 12, y: y + 24, text: fit(u.name, width - 24, 14), size: 14, bold: true, fill: INK });
  let cx = x + 12 + 11;
  for (const leader of u.leaders) {
    shapes.push({ kind: 'circle', cx, cy: y + 50, r: 11, fill: avatarColour(leader.userId) });
    shapes.push({ kind: 'text', x: cx, y: y + 54, text: leader.initials, size: 9, bold: true, fill: '#ffffff', anchor: 'middle' });
    cx += 24;
  }
  if (u.leaders.length > 0) {
    const more = u.leaderCount > u.leaders.length ? ` +${u.leaderCount - u.leaders.length}` : '';
    const first = u.leaders[0];
    const left = cx - 11 + 6;
    const room = x + width - 12 - left - more.length * 7;
    // The role when it fits beside the name; the name alone (cut if it must be) when it does not.
    const withRole = `${first.name} · ${first.roleName}`;
    const label = fit(withRole, room, 11) === withRole ? withRole : fit(first.name, room, 11);
    shapes.push({ kind: 'text', x: left, y: y + 54, text: label + more, size: 11, fill: MUTED });
  } else {
    shapes.push({ kind: 'text', x: x + 12, y: y + 54, text: 'No one leads it yet', size: 11, fill: EDGE });
  }
  const counts = `${plural(u.memberCount, 'member')} · ${plural(u.childCount, 'sub-unit')}${folded && u.childCount > 0 ? ' (folded)' : ''}`;
  shapes.push({ kind: 'text', x: x + 12, y: y + 82, text: fit(counts, width - 24, 11), size: 11, fill: MUTED });
  return shapes;
}

function personCard(p: ChartPerson, x: number, y: number, emphasis: boolean): Shape[] {
  const { width, height } = PERSON_CARD;
  const shapes: Shape[] = [{ kind: 'rect', x, y, width, height, radius: 8, ...(emphasis ? EMPHASIS : CARD) }];
  shapes.push({ kind: 'circle', cx: x + 28, cy: y + height / 2, r: 16, fill: avatarColour(p.userId) });
  shapes.push({ kind: 'text', x: x + 28, y: y + height / 2 + 4, text: p.initials, size: 11, bold: true, fill: '#ffffff', anchor: 'middle' });
  const left = x + 54;
  const room = x + width - 10 - left;
  shapes.push({ kind: 'text', x: left, y: y + 22, text: fit(p.name, room, 13), size: 13, bold: true, fill: INK });
  shapes.push({ kind: 'text', x: left, y: y + 40, text: fit(p.unit?.name ?? '', room, 11), size: 11, fill: MUTED });
  const reports = p.reportCount ? plural(p.reportCount, 'report') : 'No reports';
  if (p.managerElsewhere) {
    // The third line says where the manager is; the span of control moves to a badge on the avatar.
    shapes.push({ kind: 'text', x: left, y: y + 58, text: fit('Manager in another unit', room, 10), size: 10, fill: MUTED });
    if (p.reportCount) {
      shapes.push({ kind: 'circle', cx: x + 42, cy: y + height / 2 + 12, r: 8, fill: INK });
      shapes.push({ kind: 'text', x: x + 42, y: y + height / 2 + 15, text: p.reportCount > 99 ? '99+' : String(p.reportCount), size: 8, bold: true, fill: '#ffffff', anchor: 'middle' });
    }
  } else {
    shapes.push({ kind: 'text', x: left, y: y + 58, text: reports, size: 11, fill: MUTED });
  }
  return shapes;
}

function avatarColour(id: string): string {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return AVATARS[h % AVATARS.length];
}

/**
 * The text cut to fit `room` pixels at `size`, with an ellipsis. Widths are estimated (0.56 em a
 * character, wide scripts and emoji 1 em), the same in every format: a little room is left over
 * rather than a name running off its card.
 */
export function fit(text: string, room: number, size: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const widths = chars.map((ch) => advance(ch) * size);
  if (widths.reduce((a, b) => a + b, 0) <= room) return chars.join('');
  const budget = room - 0.6 * size;
  let used = 0;
  let i = 0;
  for (; i < chars.length && used + widths[i] <= budget; i++) used += widths[i];
  return chars.slice(0, i).join('').trimEnd() + '…';
}

function advance(ch: string): number {
  const code = ch.codePointAt(0)!;
  // CJK, Hangul, full-width forms and emoji take about a full em.
  if (code >= 0x1100 && (code <= 0x115f || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xff00 && code <= 0xff60) || code >= 0x1f000)) return 1;
  if (/[A-Z MWmw@%]/.test(ch)) return 0.68;
  return 0.56;
}

// The chart as PDF, drawn as vectors from the same shapes as the SVG (text stays text, sharp at
// any zoom). Landscape A4 or Letter. A chart that fits one page at a readable size is one page;
// a larger one starts with an overview page (the whole chart, with the pages it is cut into
// outlined and numbered), then one page per part holding cards, the parts overlapping a little,
// each page with the organization's name, the date and "Page 2 of 6".
import 'server-only';
import PDFDocument from 'pdfkit';
import type { Drawing, Shape } from './drawing';
import { chartFontFiles } from './fonts';
import type { PaperSize } from './types';

/** Landscape sizes in points. */
export const PAPER: Record<PaperSize, { width: number; height: number }> = {
  a4: { width: 841.89, height: 595.28 },
  letter: { width: 792, height: 612 },
};
const MARGIN = 28;
const HEAD = 30;
const FOOT = 22;
/** Below this scale (chart pixels to points) a card's 11 px text would print under 5 pt. */
export const MIN_READABLE_SCALE = 0.45;
/** How much neighbouring parts repeat of each other, in points. */
const OVERLAP = 24;

export interface PdfPlan {
  scale: number;
  /** The parts of the chart, in chart pixels, one page each (after the overview when more than one). */
  tiles: { x: number; y: number; width: number; height: number; row: number; column: number }[];
  pages: number;
}

/** How the drawing is cut into pages of `paper`. */
export function planPdf(drawing: Drawing, paper: PaperSize): PdfPlan {
  const area = contentArea(paper);
  const body = { y: drawing.headerHeight, height: drawing.height - drawing.headerHeight };
  const fit = Math.min(area.width / drawing.width, area.height / body.height, 1);
  if (fit >= MIN_READABLE_SCALE) return { scale: fit, tiles: [{ x: 0, y: body.y, width: drawing.width, height: body.height, row: 1, column: 1 }], pages: 1 };
  const scale = MIN_READABLE_SCALE;
  const tileW = area.width / scale;
  const tileH = area.height / scale;
  const stepX = tileW - OVERLAP / scale;
  const stepY = tileH - OVERLAP / scale;
  const tiles: PdfPlan['tiles'] = [];
  for (let row = 0, y = body.y; y < drawing.height; row++, y += stepY) {
    for (let column = 0, x = 0; x < drawing.width; column++, x += stepX) {
      const tile = { x, y, width: tileW, height: tileH, row: row + 1, column: column + 1 };
      // A part with no card on it (the empty corners of a wide tree) gets no page.
      if (drawing.cards.some((c) => overlaps(c, tile))) tiles.push(tile);
    }
  }
  return { scale, tiles, pages: tiles.length + 1 };
}

export async function renderChartPdf(drawing: Drawing, paper: PaperSize): Promise<Buffer> {
  const size = PAPER[paper];
  const plan = planPdf(drawing, paper);
  const fonts = chartFontFiles();
  const doc = new PDFDocument({
    size: [size.width, size.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${drawing.title}: org chart`, Subject: `Org chart, ${drawing.date}`, Creator: 'Arbor' },
  });
  doc.registerFont('chart', fonts.regular);
  doc.registerFont('chart-bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const area = contentArea(paper);
  const onTile = shapesByTile(drawing.shapes, plan);
  let page = 0;
  if (plan.pages > 1) {
    page++;
    frame(doc, drawing, paper, page, plan.pages, 'Overview: the numbers are the pages that follow');
    overview(doc, drawing, plan, area);
  }
  plan.tiles.forEach((tile, i) => {
    page++;
    const where = plan.pages > 1 ? `Row ${tile.row}, column ${tile.column}` : '';
    frame(doc, drawing, paper, page, plan.pages, where);
    doc.save();
    doc.rect(area.x, area.y, area.width, area.height).clip();
    doc.translate(area.x - tile.x * plan.scale, area.y - tile.y * plan.scale).scale(plan.scale);
    for (const shape of onTile[i]) paint(doc, shape);
    doc.restore();
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

function contentArea(paper: PaperSize) {
  const { width, height } = PAPER[paper];
  return { x: MARGIN, y: MARGIN + HEAD, width: width - 2 * MARGIN, height: height - 2 * MARGIN - HEAD - FOOT };
}

/** The header (organization, date) and footer (page k of n) every page carries. */
function frame(doc: PDFKit.PDFDocument, drawing: Drawing, paper: PaperSize, page: number, pages: number, note: string) {
  const { width, height } = PAPER[paper];
  doc.addPage();
  doc.font('chart-bold').fontSize(14).fillColor('#111827').text(drawing.title, MARGIN, MARGIN, { lineBreak: false, width: width - 2 * MARGIN - 120, ellipsis: true });
  doc.font('chart').fontSize(10).fillColor('#4b5563').text(drawing.date, width - MARGIN - 120, MARGIN + 3, { width: 120, align: 'right', lineBreak: false });
  const footY = height - MARGIN - 10;
  if (note) doc.text(note, MARGIN, footY, { lineBreak: false });
  doc.text(`Page ${page} of ${pages}`, width - MARGIN - 120, footY, { width: 120, align: 'right', lineBreak: false });
}

/** The whole chart small, cards as boxes, with each following page's part outlined and numbered. */
function overview(doc: PDFKit.PDFDocument, drawing: Drawing, plan: PdfPlan, area: { x: number; y: number; width: number; height: number }) {
  const top = drawing.headerHeight;
  const scale = Math.min(area.width / drawing.width, area.height / (drawing.height - top));
  doc.save();
  doc.translate(area.x, area.y - top * scale).scale(scale);
  for (const shape of drawing.shapes) if (shape.kind === 'line' || shape.kind === 'rect') paint(doc, shape);
  plan.tiles.forEach((tile, i) => {
    doc.lineWidth(1.5 / scale).rect(tile.x, tile.y, tile.width, tile.height).stroke('#2563eb');
    doc.font('chart-bold').fontSize(12 / scale).fillColor('#2563eb').text(String(i + 2), tile.x + 4 / scale, tile.y + 4 / scale, { lineBreak: false });
  });
  doc.restore();
}

function paint(doc: PDFKit.PDFDocument, s: Shape) {
  switch (s.kind) {
    case 'rect':
      doc.lineWidth(s.strokeWidth).roundedRect(s.x, s.y, s.width, s.height, s.radius).fillAndStroke(s.fill, s.stroke);
      return;
    case 'circle':
      doc.circle(s.cx, s.cy, s.r).fill(s.fill);
      return;
    case 'line': {
      doc.lineWidth(s.width);
      if (s.dashed) doc.dash(4, { space: 3 });
      doc.moveTo(...s.points[0]);
      for (const p of s.points.slice(1)) doc.lineTo(...p);
      doc.stroke(s.stroke);
      if (s.dashed) doc.undash();
      return;
    }
    case 'text': {
      doc.font(s.bold ? 'chart-bold' : 'chart').fontSize(s.size).fillColor(s.fill);
      const x = s.anchor === 'middle' ? s.x - doc.widthOfString(s.text) / 2 : s.x;
      doc.text(s.text, x, s.y, { baseline: 'alphabetic', lineBreak: false });
      return;
    }
  }
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The box a shape may show in (generous: text is judged by its start). */
function boxOf(s: Shape): Box {
  switch (s.kind) {
    case 'rect':
      return s;
    case 'circle':
      return { x: s.cx - s.r, y: s.cy - s.r, width: 2 * s.r, height: 2 * s.r };
    case 'text':
      return { x: s.x - 120, y: s.y - s.size, width: 360, height: s.size * 1.5 };
    case 'line': {
      const xs = s.points.map((p) => p[0]);
      const ys = s.points.map((p) => p[1]);
      return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs) + 1, height: Math.max(...ys) - Math.min(...ys) + 1 };
    }
  }
}

/**
 * Each tile's shapes, in drawing order. Tiles sit on a grid of steps, so a shape's box names the
 * few grid cells it can touch: the work grows with shapes plus tiles, not their product.
 */
export function shapesByTile(shapes: readonly Shape[], plan: PdfPlan): Shape[][] {
  const out: Shape[][] = plan.tiles.map(() => []);
  if (plan.tiles.length === 1) {
    const only = plan.tiles[0];
    for (const s of shapes) if (overlaps(boxOf(s), only)) out[0].push(s);
    return out;
  }
  const first = plan.tiles[0];
  const { width, height } = first;
  const stepX = width - OVERLAP / plan.scale;
  const stepY = height - OVERLAP / plan.scale;
  const x0 = first.x - (first.column - 1) * stepX;
  const y0 = first.y - (first.row - 1) * stepY;
  const index = new Map<string, number>();
  plan.tiles.forEach((t, i) => index.set(`${t.row}:${t.column}`, i));
  for (const s of shapes) {
    const box = boxOf(s);
    // Tile (row, column) starts at x0 + (column-1)·stepX; one cell of slack each side absorbs
    // rounding, and the exact overlap test below decides.
    const fromColumn = Math.max(1, Math.floor((box.x - x0 - width) / stepX) + 1);
    const toColumn = Math.floor((box.x + box.width - x0) / stepX) + 2;
    const fromRow = Math.max(1, Math.floor((box.y - y0 - height) / stepY) + 1);
    const toRow = Math.floor((box.y + box.height - y0) / stepY) + 2;
    for (let row = fromRow; row <= toRow; row++) {
      for (let column = fromColumn; column <= toColumn; column++) {
        const i = index.get(`${row}:${column}`);
        if (i !== undefined && overlaps(box, plan.tiles[i])) out[i].push(s);
      }
    }
  }
  return out;
}

// The review's evidence as a PDF: landscape A4 in Noto Sans (lib/chart's font, the same on every
// server). The first page opens with the review's facts and counts; then a table of every item,
// its header repeated on each page, each page numbered.
import 'server-only';
import PDFDocument from 'pdfkit';
import { chartFontFiles } from '../chart/server';
import { KIND_WORDS, OUTCOME_WORDS, STATUS_WORDS } from './words';
import type { ReviewHeader, ReviewItem } from './types';

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const FOOT = 20;
const COLUMNS: { title: string; width: number; cell: (i: ReviewItem) => string }[] = [
  { title: 'Subject', width: 120, cell: (i) => [i.subject.label, i.subject.email].filter(Boolean).join('\n') + `\n${KIND_WORDS[i.kind]}` },
  { title: 'Access', width: 100, cell: (i) => i.access.description },
  { title: 'Unit', width: 90, cell: (i) => i.unit?.name ?? 'Whole organization' },
  { title: 'Reviewer', width: 95, cell: (i) => (i.reviewer ? i.reviewer.name || i.reviewer.email : 'Nobody could review it') + (i.delegatedBy ? `\n(from ${i.delegatedBy.name || i.delegatedBy.email})` : '') },
  { title: 'Decision', width: 60, cell: (i) => (i.decision ? (i.decision.value === 'keep' ? 'Keep' : 'Remove') + (i.decision.automatic ? '\n(default)' : '') : 'Undecided') },
  { title: 'Reason', width: 149, cell: (i) => i.decision?.reason ?? '' },
  { title: 'When', width: 80, cell: (i) => (i.decision ? day(i.decision.at) : '') },
  { title: 'Outcome', width: 75, cell: (i) => (i.outcome ? OUTCOME_WORDS[i.outcome.state] + (i.outcome.detail ? `\n${i.outcome.detail}` : '') : '') },
];
const CELL_PAD = 3;
const SIZE = 8;

const day = (iso?: string) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '');

export async function renderEvidencePdf(input: { review: ReviewHeader; items: ReviewItem[]; organization: string }): Promise<Uint8Array> {
  const { review, items, organization } = input;
  const fonts = chartFontFiles();
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height], margin: MARGIN, autoFirstPage: false, bufferPages: true,
    info: { Title: `Access review: ${review.name}`, Subject: `Evidence of the access review of ${organization}`, Creator: 'Arbor' },
  });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.addPage();
  const width = PAGE.width - 2 * MARGIN;
  doc.font('bold').fontSize(16).fillColor('#111827').text(`Access review: ${review.name}`, MARGIN, MARGIN, { width });
  doc.font('body').fontSize(10).fillColor('#374151');
  const c = review.counts;
  const facts = [
    `Organization: ${organization}`,
    `Status: ${STATUS_WORDS[review.status]}`,
    `Started ${day(review.startedAt)} by ${review.startedBy.name || review.startedBy.email} (${review.startedBy.email})${review.scheduleId ? ', on a schedule' : ''}`,
    `Deadline: ${day(review.dueAt)}; undecided items at the deadline: ${review.defaultDecision === 'remove' ? 'removed' : 'kept'}`,
    ...(review.completedAt ? [`Completed ${day(review.completedAt)}${review.completedBy ? ` by ${review.completedBy.name || review.completedBy.email}` : ' at the deadline'}`] : []),
    `Items: ${c.items}; decided by a reviewer: ${c.decided}; keep: ${c.keep}; remove: ${c.remove}; removed: ${c.removed}; not removed: ${c.notRemoved}`,
  ];
  doc.moveDown(0.3);
  for (const line of facts) doc.text(line, { width });
  doc.moveDown(0.8);

  const header = () => {
    const y = doc.y;
    doc.font('bold').fontSize(SIZE).fillColor('#111827');
    const h = rowHeight(doc, COLUMNS.map((col) => col.title), 'bold');
    doc.rect(MARGIN, y, width, h).fill('#f3f4f6');
    drawRow(doc, COLUMNS.map((col) => col.title), y, 'bold');
    doc.y = y + h;
  };
  header();
  if (items.length === 0) doc.font('body').fontSize(10).text('This review holds no items.', MARGIN, doc.y + 6);
  for (const item of items) {
    const cells = COLUMNS.map((col) => col.cell(item));
    const h = rowHeight(doc, cells, 'body');
    if (doc.y + h > PAGE.height - MARGIN - FOOT) {
      doc.addPage();
      doc.y = MARGIN;
      header();
    }
    const y = doc.y;
    drawRow(doc, cells, y, 'body');
    doc.moveTo(MARGIN, y + h).lineTo(MARGIN + width, y + h).lineWidth(0.5).strokeColor('#e5e7eb').stroke();
    doc.y = y + h;
  }

  const range = doc.bufferedPageRange();
  for (let p = 0; p < range.count; p++) {
    doc.switchToPage(range.start + p);
    doc.font('body').fontSize(8).fillColor('#6b7280');
    const y = PAGE.height - MARGIN - 8;
    doc.text(`${organization} · ${review.name}`, MARGIN, y, { width: width - 100, lineBreak: false, ellipsis: true, height: 10 });
    doc.text(`Page ${p + 1} of ${range.count}`, MARGIN + width - 100, y, { width: 100, align: 'right', lineBreak: false, height: 10 });
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

function rowHeight(doc: PDFKit.PDFDocument, cells: string[], font: 'body' | 'bold'): number {
  doc.font(font).fontSize(SIZE);
  return Math.max(...cells.map((text, k) => doc.heightOfString(text || ' ', { width: COLUMNS[k]!.width - 2 * CELL_PAD }))) + 2 * CELL_PAD;
}

function drawRow(doc: PDFKit.PDFDocument, cells: string[], y: number, font: 'body' | 'bold') {
  doc.font(font).fontSize(SIZE).fillColor('#111827');
  let x = MARGIN;
  cells.forEach((text, k) => {
    const w = COLUMNS[k]!.width;
    doc.text(text, x + CELL_PAD, y + CELL_PAD, { width: w - 2 * CELL_PAD });
    x += w;
  });
}

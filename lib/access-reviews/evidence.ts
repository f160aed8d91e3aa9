// A review as evidence for auditors: CSV (one row per item) and PDF (A4, the review's facts, then a
// table of items). Written from the review's stored items only: people are as the review recorded
// them, so the evidence reads the same after they leave or are erased from the tree.
import 'server-only';
import Papa from 'papaparse';
import type { TenantDb } from '../db';
import { getTenantSettings } from '../tenants';
import { allItems } from './notify';
import { readReview } from './reads';
import { renderEvidencePdf } from './evidence-pdf';
import type { ReviewHeader, ReviewItem, ReviewPerson } from './types';
import { KIND_WORDS, lastActivityWords, OUTCOME_WORDS } from './words';

export const EVIDENCE_CSV_COLUMNS = [
  'review', 'item_id', 'kind', 'subject', 'subject_email', 'access', 'unit', 'why', 'last_activity',
  'reviewer', 'reviewer_email', 'delegated_by', 'decision', 'decided_automatically', 'reason', 'decided_by', 'decided_at',
  'outcome', 'outcome_at', 'outcome_detail',
] as const;

const person = (p?: ReviewPerson | null) => (p ? p.name || p.email : '');

function row(review: ReviewHeader, i: ReviewItem): string[] {
  return [
    review.name, i.itemId, KIND_WORDS[i.kind], i.subject.label, i.subject.email ?? '', i.access.description, i.unit?.path ?? i.unit?.name ?? '',
    i.why.join(' → '), lastActivityWords(i.lastActivity),
    person(i.reviewer), i.reviewer?.email ?? '', person(i.delegatedBy),
    i.decision?.value ?? '', i.decision?.automatic ? 'yes' : i.decision ? 'no' : '', i.decision?.reason ?? '', person(i.decision?.by), i.decision?.at ?? '',
    i.outcome ? OUTCOME_WORDS[i.outcome.state] : '', i.outcome?.at ?? '', i.outcome?.detail ?? '',
  ];
}

/** The file name an export is saved under: the review's name, made safe, and its start date. */
export function evidenceFileName(review: ReviewHeader, ext: 'csv' | 'pdf'): string {
  const slug = review.name.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-').toLowerCase().slice(0, 60) || 'access-review';
  return `${slug}-${review.startedAt.slice(0, 10)}.${ext}`;
}

/** Every item of a review as CSV: a byte-order mark (spreadsheets read UTF-8), formulas neutralized. */
export async function reviewEvidenceCsv(db: TenantDb, reviewId: string): Promise<string> {
  const review = await readReview(db, reviewId);
  const items = await allItems(db, reviewId);
  // escapeFormulae: a cell starting = + - @ tab or CR is written with a leading apostrophe.
  return '\uFEFF' + Papa.unparse({ fields: [...EVIDENCE_CSV_COLUMNS], data: items.map((i) => row(review, i)) }, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
}

export async function reviewEvidencePdf(db: TenantDb, reviewId: string): Promise<Uint8Array> {
  const review = await readReview(db, reviewId);
  const [items, settings] = await Promise.all([allItems(db, reviewId), getTenantSettings(db)]);
  return renderEvidencePdf({ review, items, organization: settings.name });
}

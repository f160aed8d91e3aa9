'use client';
// The export endpoint's address for what is on screen. The folds travel in the URL, so their
// count is bounded by what a request line carries (CHART_LIMITS.maxCollapsed); past it the
// export draws the chart unfolded and the menu says so, rather than folding a silent subset.
import { CHART_LIMITS } from '@/lib/chart';

export interface ExportLinkInput {
  kind: 'units' | 'people';
  rootId?: string;
  collapsed: readonly string[];
}

/** Whether the folds on screen fit in an export's address. */
export const foldsFit = (collapsed: readonly string[]) => collapsed.length <= CHART_LIMITS.maxCollapsed;

export function exportHref({ kind, rootId, collapsed }: ExportLinkInput, format: 'svg' | 'png' | 'pdf', paper?: 'a4' | 'letter'): string {
  const q = new URLSearchParams({ kind, format });
  if (rootId) q.set('rootId', rootId);
  if (paper) q.set('paper', paper);
  // Ids are ULIDs (letters and digits): the commas go unencoded, 27 characters a fold, not 29.
  const folds = collapsed.length && foldsFit(collapsed) ? `&collapsed=${collapsed.join(',')}` : '';
  return `/api/v1/chart/export?${q}${folds}`;
}

// The first-load JavaScript of the run before, read from the results this run is about to
// replace, so the report can say how much the console's scripts grew.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResults } from '../report/results';

export interface PreviousFirstLoadJs {
  measuredAt: string;
  views: { page: string; transferBytes: number; decodedBytes: number }[];
}

/** The browser section's figures in `<outDir>/latest.json`, if it has them. */
export function readPreviousFirstLoadJs(outDir: string): PreviousFirstLoadJs | undefined {
  const path = join(outDir, 'latest.json');
  if (!existsSync(path)) return undefined;
  let previous: BenchResults;
  try {
    previous = JSON.parse(readFileSync(path, 'utf8')) as BenchResults;
  } catch {
    return undefined;
  }
  const browser = previous.browser;
  if (!browser?.views?.length) return undefined;
  return {
    measuredAt: browser.measuredAt,
    views: browser.views.map((v) => ({ page: v.page, transferBytes: v.firstLoadJs.transferBytes, decodedBytes: v.firstLoadJs.decodedBytes })),
  };
}

export interface FirstLoadChange {
  page: string;
  transferBytes: number;
  /** The previous run's figure for the same page, if it had one. */
  previousTransferBytes?: number;
  /** now ÷ before − 1. */
  growth?: number;
}

/** Each view's first-load scripts (bytes transferred) against the previous run's. */
export function firstLoadChanges(views: { page: string; firstLoadJs: { transferBytes: number } }[], previous?: PreviousFirstLoadJs): FirstLoadChange[] {
  return views.map((v) => {
    const before = previous?.views.find((p) => p.page === v.page)?.transferBytes;
    const now = v.firstLoadJs.transferBytes;
    return before === undefined ? { page: v.page, transferBytes: now } : { page: v.page, transferBytes: now, previousTransferBytes: before, growth: now / before - 1 };
  });
}

// The shape of bench/results/latest.json.
import type { MachineInfo } from '../support/machine';
import type { BrowserResult } from '../sections/browser';
import type { ChartBenchResult } from '../sections/chart';
import type { ChecksResult } from '../sections/checks';
import type { ClicksResult } from '../sections/clicks';
import type { CredentialsResult } from '../sections/credentials';
import type { HttpResult } from '../sections/http';
import type { MoveResult } from '../sections/moves';
import type { ReorganizationResult } from '../sections/reorganizations';
import type { ScimResult } from '../sections/scim';
import type { ScreensResult } from '../sections/screens';
import type { SoakResult } from '../soak/result';
import type { SubtreeReadResult } from '../sections/subtree-read';
import type { WebhooksResult } from '../sections/webhooks';

export interface SeedSummary {
  units: number;
  memberships: number;
  people: number;
  items: number;
  ms: number;
}

export interface TargetResult {
  target: string;
  measured: string;
  /** null: not measured; 'baseline': the first measurement, which later runs are held to. */
  met: boolean | null | 'baseline';
  /** Why it was met or missed, and for a miss what would close it. */
  note: string;
}

/** When and how a section was last measured (each section of latest.json keeps its own run). */
export interface SectionRun {
  /** The start of the run (`npm run bench` invocation) the section was part of. */
  runStartedAt?: string;
  startedAt: string;
  /** The section's own time (the whole run's, in files written before sections kept their runs). */
  ms: number;
  command: string;
  /** 1-minute load average when the section started and ended. */
  loadAtStart: number;
  loadAtEnd?: number;
  /** ARBOR_BENCH_NOTE of that run. */
  note?: string;
}

export interface BenchResults {
  startedAt: string;
  durationMs?: number;
  options: Record<string, unknown>;
  machine: MachineInfo;
  /** Free text about the conditions of the run (ARBOR_BENCH_NOTE), e.g. a shared machine. */
  note?: string;
  seed?: SeedSummary[];
  subtree?: SubtreeReadResult[];
  screens?: ScreensResult;
  moves?: MoveResult[];
  credentials?: CredentialsResult;
  http?: HttpResult;
  clicks?: ClicksResult;
  scim?: ScimResult;
  reorganizations?: ReorganizationResult;
  webhooks?: WebhooksResult;
  checks?: ChecksResult;
  browser?: BrowserResult;
  chart?: ChartBenchResult;
  soak?: SoakResult;
  /** The run that measured each section present (latest.json merges runs: bench/report/merge-results.ts). */
  sectionRuns?: Partial<Record<string, SectionRun>>;
  targets?: TargetResult[];
  /** Sections that failed, with the error, so one failure doesn't lose the rest. */
  failures?: { section: string; error: string }[];
}

// One results file, one run per section: a run replaces the sections it ran in the existing
// latest.json and keeps every other one with the record of the run that measured it, so
// `--only X` re-measures X without losing the rest. A section that failed keeps its earlier
// figures (and says so), rather than leaving a hole.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SECTIONS, SECTIONS, type Section } from '../support/options';
import type { BenchResults, SectionRun } from './results';

export function readPreviousResults(dir: string): BenchResults | undefined {
  const path = join(dir, 'latest.json');
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as BenchResults;
  } catch {
    return undefined;
  }
}

/** The run records of a file written before runs were kept per section: its one run measured all it holds. */
function runsOf(r: BenchResults): Partial<Record<Section, SectionRun>> {
  if (r.sectionRuns) return r.sectionRuns;
  const args = (r.options.args as string[] | undefined) ?? [];
  const run: SectionRun = {
    runStartedAt: r.startedAt, startedAt: r.startedAt, ms: r.durationMs ?? 0, command: commandOf(args),
    loadAtStart: r.machine.loadAtStart, ...(r.machine.loadAtEnd !== undefined ? { loadAtEnd: r.machine.loadAtEnd } : {}),
    ...(r.note ? { note: r.note } : {}),
  };
  return Object.fromEntries(SECTIONS.filter((s) => r[s] !== undefined).map((s) => [s, run]));
}

export const commandOf = (args: string[]) => `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;

export function mergeResults(previous: BenchResults | undefined, current: BenchResults, ran: readonly Section[]): BenchResults {
  if (!previous) return current;
  const currentRuns = runsOf(current);
  const merged: BenchResults = { ...current, sectionRuns: { ...runsOf(previous) } };
  const failed = new Set((current.failures ?? []).map((f) => f.section));
  const target = merged as unknown as Record<Section, unknown>;
  for (const s of SECTIONS) {
    const measured = ran.includes(s) && !failed.has(s) && current[s] !== undefined;
    if (measured) merged.sectionRuns![s] = currentRuns[s];
    else target[s] = previous[s];
    if (target[s] === undefined) delete merged.sectionRuns![s];
  }
  // Earlier failures of sections this run did not attempt still stand.
  merged.failures = [...(previous.failures ?? []).filter((f) => !ran.includes(f.section as Section)), ...(current.failures ?? [])];
  // Seeded tenants by size: a full run's replace the earlier ones; a partial run (which may seed a
  // size its own way, as the checks section adds a role catalogue) only adds sizes not there yet.
  const full = DEFAULT_SECTIONS.every((s) => ran.includes(s));
  const seed = new Map((previous.seed ?? []).map((s) => [s.units, s]));
  for (const s of current.seed ?? []) if (full || !seed.has(s.units)) seed.set(s.units, s);
  merged.seed = [...seed.values()].sort((a, b) => a.units - b.units);
  // The run-wide note describes its own sections (each keeps it in its run record).
  delete merged.note;
  return merged;
}

// The header of latest.md: which run measured which sections (runs merge per section).
import { num } from './format';
import type { SectionRun } from './results';

export function renderRuns(runs: Partial<Record<string, SectionRun>>): string[] {
  // Sections measured by one run share its command and start of run; listed oldest first.
  const byRun = new Map<string, { sections: string[]; runs: SectionRun[] }>();
  for (const [section, run] of Object.entries(runs)) {
    if (!run) continue;
    const key = run.runStartedAt ?? run.startedAt;
    const group = byRun.get(key) ?? { sections: [], runs: [] };
    group.sections.push(section);
    group.runs.push(run);
    byRun.set(key, group);
  }
  const groups = [...byRun.values()].sort((a, b) => first(a.runs).startedAt.localeCompare(first(b.runs).startedAt));
  return groups.map(({ sections, runs: group }) => {
    const start = first(group);
    const end = group.reduce((last, r) => (r.startedAt > last.startedAt ? r : last), start);
    // Records of a file written before runs were kept per section share one record (the run's time).
    const ms = [...new Map(group.map((r) => [r.startedAt, r.ms])).values()].reduce((n, x) => n + x, 0);
    const load = start.loadAtEnd !== undefined || end.loadAtEnd !== undefined ? `load average ${start.loadAtStart} at the start, ${end.loadAtEnd ?? '?'} at the end` : `load average ${start.loadAtStart}`;
    return `- ${sections.join(', ')}: ${start.startedAt.replace('T', ' ').slice(0, 16)} UTC, \`${start.command}\`, ${num(ms / 1000)} s, ${load}.${start.note ? ` ${start.note}` : ''}`;
  });
}

const first = (runs: SectionRun[]) => runs.reduce((a, b) => (b.startedAt < a.startedAt ? b : a));

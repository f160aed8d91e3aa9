// Who reports to whom among the people a viewer may see: the people chart's order (managers
// before reports), span of control, and managers sitting in another unit. Pure: the loader
// (./load-people-chart.ts) gives it the people and the tenant's lines.
import type { ReportingLine } from '../reporting-lines';
import { personNotFound } from './errors';
import { initialsOf } from './initials';
import type { ChartPerson } from './types';

/** A person the viewer may see, with the units (of those the viewer sees) they belong to. */
export interface VisiblePerson {
  userId: string;
  name: string;
  email: string;
  /** Their units the viewer may see, the one they are drawn with first. */
  units: { id: string; name?: string }[];
}

/**
 * People ordered managers first, each manager's reports by name. A line to someone the viewer
 * may not see leaves the report at the top; a loop (lines refuse them, but data may be old) is
 * cut where it is met, so each person appears exactly once.
 */
export function peopleTree(people: VisiblePerson[], lines: Pick<ReportingLine, 'userId' | 'managerId'>[], rootUserId?: string): ChartPerson[] {
  const byId = new Map(people.map((p) => [p.userId, p]));
  const managerOf = new Map<string, string>();
  for (const line of lines) if (byId.has(line.userId) && byId.has(line.managerId) && line.userId !== line.managerId) managerOf.set(line.userId, line.managerId);
  const reports = new Map<string, VisiblePerson[]>();
  for (const [userId, managerId] of managerOf) {
    const list = reports.get(managerId);
    if (list) list.push(byId.get(userId)!);
    else reports.set(managerId, [byId.get(userId)!]);
  }
  const byName = (a: VisiblePerson, b: VisiblePerson) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId);
  for (const list of reports.values()) list.sort(byName);

  let tops: VisiblePerson[];
  if (rootUserId !== undefined) {
    const root = byId.get(rootUserId);
    if (!root) throw personNotFound();
    tops = [root];
  } else {
    tops = people.filter((p) => !managerOf.has(p.userId)).sort(byName);
  }

  const out: ChartPerson[] = [];
  const placed = new Set<string>();
  const place = (start: VisiblePerson[]) => {
    // Breadth first: a level's managers all come before the next level.
    const queue = [...start];
    for (let i = 0; i < queue.length; i++) {
      const p = queue[i];
      if (placed.has(p.userId)) continue;
      placed.add(p.userId);
      // The chart's own top has no manager drawn, even when they have one.
      const managerId = p.userId === rootUserId ? undefined : managerOf.get(p.userId);
      out.push(toChartPerson(p, managerId && placed.has(managerId) ? byId.get(managerId) : undefined, reports.get(p.userId)?.length ?? 0));
      for (const r of reports.get(p.userId) ?? []) if (!placed.has(r.userId)) queue.push(r);
    }
  };
  place(tops);
  if (rootUserId === undefined) {
    // Whoever only a loop reaches: drawn as a top where the loop is entered.
    for (const p of [...people].sort(byName)) if (!placed.has(p.userId)) place([p]);
  }
  return out;
}

function toChartPerson(p: VisiblePerson, manager: VisiblePerson | undefined, reportCount: number): ChartPerson {
  const unit = p.units[0];
  const elsewhere = manager !== undefined && !p.units.some((u) => manager.units.some((m) => m.id === u.id));
  return {
    userId: p.userId,
    name: p.name || p.email,
    initials: initialsOf(p.name, p.email),
    email: p.email,
    managerId: manager?.userId ?? null,
    reportCount,
    ...(unit?.name !== undefined ? { unit: { id: unit.id, name: unit.name } } : {}),
    ...(elsewhere ? { managerElsewhere: true } : {}),
  };
}

// CPU time of the processes taking part in a load run (Linux /proc), so the HTTP section can say
// where a page view's time goes: the app server, the gateway (in the bench process), DynamoDB
// Local (a Java descendant) and the floor. Elsewhere the figures are simply absent.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid: number | string): { comm: string; ppid: number; cpu: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return { comm: text.slice(text.indexOf('(') + 1, close), ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return undefined;
  }
}

function processTable() {
  const table = new Map<number, { comm: string; ppid: number; cpu: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(entry);
    if (s) table.set(Number(entry), s);
  }
  return table;
}

const descendsFrom = (table: ReturnType<typeof processTable>, pid: number, ancestor: number) => {
  for (let p: number | undefined = pid, hops = 0; p && hops < 12; p = table.get(p)?.ppid, hops++) if (p === ancestor) return true;
  return false;
};

/** utime + stime in ms of a process and its descendants (workers), or undefined when /proc can't tell. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const table = processTable();
    if (!table.has(pid)) return undefined;
    return [...table].filter(([p]) => descendsFrom(table, p, pid)).reduce((n, [, s]) => n + s.cpu, 0);
  } catch {
    return undefined;
  }
}

/** A descendant of this process whose command name is `comm` (e.g. DynamoDB Local's java). */
export function descendantPid(comm: string): number | undefined {
  try {
    const table = processTable();
    for (const [pid, s] of table) if (s.comm === comm && descendsFrom(table, pid, process.pid)) return pid;
  } catch {
    return undefined;
  }
  return undefined;
}

/** CPU ms of each named process between `start()` and `stop()`. */
export function cpuMeter(pids: Record<string, number | undefined>) {
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, k === 'bench' ? process.cpuUsage() : cpuMs(pid)]));
  return () =>
    Object.fromEntries(
      Object.entries(pids).map(([k, pid]) => {
        if (k === 'bench') {
          const d = process.cpuUsage(before.bench as NodeJS.CpuUsage);
          return [k, (d.user + d.system) / 1000];
        }
        const now = cpuMs(pid);
        const then = before[k] as number | undefined;
        return [k, now === undefined || then === undefined ? undefined : now - then];
      }),
    ) as Record<string, number | undefined>;
}

// Summaries of repeated measurements: every figure the bench reports is a median with its spread.
export interface Summary {
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
  runs: number;
}

/** Nearest-rank percentile of sorted values (p in 0..1), interpolated between neighbours. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 1) return sorted[0];
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

export function summarize(values: number[]): Summary {
  if (values.length === 0) throw new Error('summarize: no values');
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 0.5),
    p10: percentile(sorted, 0.1),
    p90: percentile(sorted, 0.9),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    runs: values.length,
  };
}

/** Runs `fn` `runs` times in sequence (never overlapping, so runs don't disturb each other). */
export async function repeat<T>(runs: number, fn: (run: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < runs; i++) out.push(await fn(i));
  return out;
}

/** Wall time of `fn` in milliseconds, with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

/** Summaries of each numeric field over the runs' records. */
export function summarizeFields<K extends string>(records: Record<K, number>[], fields: readonly K[]): Record<K, Summary> {
  return Object.fromEntries(fields.map((f) => [f, summarize(records.map((r) => r[f]))])) as Record<K, Summary>;
}

/** Ratio of two medians (a / b), the way every comparison in the results is stated. */
export const ratio = (a: Summary | number, b: Summary | number) => {
  const x = typeof a === 'number' ? a : a.median;
  const y = typeof b === 'number' ? b : b.median;
  return y === 0 ? Number.POSITIVE_INFINITY : x / y;
};

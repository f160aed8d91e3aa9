'use client';
// Progress of the large moves and deletes this browser started, until each finishes.
import { useTreeContext, type JobView } from './tree-provider';

function describe(job: JobView): string {
  switch (job.status) {
    case 'starting':
    case 'preparing':
    case 'prepared':
      return 'Preparing…';
    case 'committed':
      return job.total > 0 ? `${job.done.toLocaleString('en')} of ${job.total.toLocaleString('en')} items` : 'Working…';
    case 'rollingBack':
      return 'Undoing…';
    default:
      return '';
  }
}

export function JobTray() {
  const { jobs } = useTreeContext();
  if (jobs.length === 0) return null;
  return (
    <div role="status" aria-live="polite" className="space-y-3 border-t border-zinc-200 p-3 dark:border-zinc-800">
      {jobs.map((job) => {
        const percent = job.total > 0 ? Math.round((100 * job.done) / job.total) : undefined;
        return (
          <div key={job.jobId} className="text-sm">
            <p className="font-medium">{job.label}</p>
            <div
              role="progressbar"
              aria-label={job.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={describe(job)}
              className="mt-1.5 h-1.5 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
            >
              <div
                className={`h-full bg-emerald-600 transition-[width] ${percent === undefined ? 'w-1/3 animate-pulse' : ''}`}
                style={percent === undefined ? undefined : { width: `${percent}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{describe(job)}</p>
          </div>
        );
      })}
    </div>
  );
}

// A message in place of a screen or above a form: why something can't be shown or done, and
// what to do next. `tone` picks the colour; errors are announced to screen readers.
import type { ReactNode } from 'react';

const TONES = {
  info: 'border-zinc-200 bg-zinc-50 text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200',
  warning: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
} as const;

export function Notice({ title, children, tone = 'info', action }: { title: string; children?: ReactNode; tone?: keyof typeof TONES; action?: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-4 ${TONES[tone]}`}>
      <p className="text-sm font-semibold">{title}</p>
      {children && <div className="mt-1 text-sm">{children}</div>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

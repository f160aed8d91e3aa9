// What a list shows when it has nothing yet, with the next step to take.
import type { ReactNode } from 'react';

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 p-6 text-center dark:border-zinc-700">
      <p className="text-sm font-medium">{title}</p>
      {children && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{children}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

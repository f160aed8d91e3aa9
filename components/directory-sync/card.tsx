// One section of the Directory sync screen: a bordered card with its heading (the region's name).
import type { ReactNode } from 'react';

export function Card({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <div>
        <h2 id={id} className="text-lg font-semibold">{title}</h2>
        {description && <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
      </div>
      {children}
    </section>
  );
}

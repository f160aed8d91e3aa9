// A bordered, scrolling table with Arbor's header row: the settings lists (tokens, API keys,
// webhook deliveries) share it. Columns are named; an empty name is an actions column, labelled
// for screen readers only.
import type { ReactNode } from 'react';

export function DataTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {columns.map((name, i) =>
              name ? (
                <th key={i} scope="col" className="px-3 py-2 font-medium">{name}</th>
              ) : (
                <th key={i} scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">{children}</tbody>
      </table>
    </div>
  );
}

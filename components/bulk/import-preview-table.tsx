// The preview of an import, row by row: what each line will do (or did, once applied), and why
// a line is skipped or refused, in the server's words.
import type { ApplyResult } from '@/lib/bulk/apply-import';
import type { PreviewRow } from '@/lib/bulk/plan-types';

const BADGE: Record<string, string> = {
  create: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  add: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  skip: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
  error: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  done: 'bg-emerald-700 text-white dark:bg-emerald-600',
  failed: 'bg-red-700 text-white dark:bg-red-600',
};

const LABEL: Record<string, string> = { create: 'Will create', add: 'Will add', skip: 'Skipped', error: 'Error', done: 'Imported', failed: 'Failed' };

export function ImportPreviewTable({ rows, results }: { rows: PreviewRow[]; results: Map<number, ApplyResult> }) {
  return (
    <div className="max-h-[28rem] overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="table-stack w-full text-sm">
        <caption className="sr-only">Import preview, one row per line of the file</caption>
        <thead className="sticky top-0 bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Line</th>
            <th scope="col" className="px-3 py-2 font-medium">Row</th>
            <th scope="col" className="px-3 py-2 font-medium">Result</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((row) => {
            const applied = results.get(row.line);
            const status = applied ? (applied.ok ? 'done' : 'failed') : row.status;
            return (
              <tr key={row.line} data-status={status}>
                <td data-label="Line" className="px-3 py-2 tabular-nums text-zinc-600 dark:text-zinc-400">{row.line}</td>
                <td className="px-3 py-2 break-words md:max-w-xs">{row.label}</td>
                <td className="px-3 py-2">
                  <span className={`mr-2 inline-flex rounded px-1.5 py-0.5 text-xs font-medium ${BADGE[status]}`}>{LABEL[status]}</span>
                  <span>{applied?.message ?? row.message}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

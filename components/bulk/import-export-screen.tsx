'use client';
// /settings/import: export the tree and memberships as CSV; import units or memberships from a
// CSV file or pasted text — preview first (per-row results, nothing written), then apply with
// progress and each row's outcome.
import { Field, Label, Radio, RadioGroup } from '@headlessui/react';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { inputClass } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import type { ImportKind } from '@/lib/bulk/parse-import';
import { plural } from '@/lib/text/plural';
import type { ImportScreenView } from '@/lib/screens/settings';
import { CsvFormatHelp } from './csv-format-help';
import { ImportPreviewTable } from './import-preview-table';
import { useImport } from './use-import';

const KINDS: { value: ImportKind; label: string }[] = [
  { value: 'units', label: 'Units' },
  { value: 'memberships', label: 'Memberships' },
];

const linkButton =
  'inline-flex h-9 items-center rounded-md border border-zinc-300 bg-white px-3.5 text-sm font-medium hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800';

export function ImportExportScreen({ view }: { view: ImportScreenView }) {
  const router = useRouter();
  const [kind, setKind] = useState<ImportKind>('units');
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const { phase, preview, error, results, progress, runPreview, apply, reset } = useImport();
  const fileId = useId();
  const busy = phase === 'previewing' || phase === 'applying';

  async function chooseFile(file: File | undefined) {
    if (!file) return;
    setFileName(file.name);
    setCsv(await file.text());
    reset();
  }

  async function applyAll() {
    await apply();
    router.refresh();
  }

  const failed = [...results.values()].filter((r) => !r.ok).length;
  const succeeded = [...results.values()].filter((r) => r.ok).length;

  return (
    <div className="space-y-8">
      {view.canExport && (
        <section aria-labelledby="export" className="space-y-2">
          <h2 id="export" className="text-lg font-semibold">Export</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">CSV files that open in any spreadsheet and import back as they are.</p>
          <div className="flex flex-wrap gap-2">
            <a href="/api/v1/export/units.csv" download className={linkButton}>Download units.csv</a>
            <a href="/api/v1/export/memberships.csv" download className={linkButton}>Download memberships.csv</a>
          </div>
        </section>
      )}

      {view.canImport && (
        <section aria-labelledby="import" className="space-y-4">
          <h2 id="import" className="text-lg font-semibold">Import</h2>
          <RadioGroup
            value={kind}
            onChange={(k: ImportKind) => {
              setKind(k);
              reset();
            }}
            aria-label="What to import"
            className="flex gap-2"
            disabled={busy}
          >
            {KINDS.map((k) => (
              <Field key={k.value}>
                <Radio
                  value={k.value}
                  className="cursor-pointer rounded-md border border-zinc-300 px-3 py-1.5 text-sm data-checked:border-emerald-700 data-checked:bg-emerald-50 data-checked:font-semibold data-focus:outline-2 data-focus:outline-emerald-600 dark:border-zinc-700 dark:data-checked:bg-emerald-900/30"
                >
                  <Label className="cursor-pointer">{k.label}</Label>
                </Radio>
              </Field>
            ))}
          </RadioGroup>
          <CsvFormatHelp kind={kind} />

          <div className="space-y-3">
            <div>
              <label htmlFor={fileId} className="mb-1 block text-sm font-medium">CSV file</label>
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv,text/plain"
                disabled={busy}
                onChange={(e) => chooseFile(e.target.files?.[0])}
                className="block text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
              />
            </div>
            <div>
              <label htmlFor="import-text" className="mb-1 block text-sm font-medium">
                {fileName ? `Contents of ${fileName}` : 'Or paste CSV'}
              </label>
              <textarea
                id="import-text"
                rows={8}
                value={csv}
                disabled={busy}
                onChange={(e) => {
                  setCsv(e.target.value);
                  setFileName(null);
                  if (phase !== 'idle') reset();
                }}
                className={`${inputClass} font-mono`}
                placeholder={kind === 'units' ? 'path\nEngineering/Platform' : 'unit_path,email,name,role'}
                spellCheck={false}
              />
              <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Up to {view.maxRows.toLocaleString('en')} rows per import.</p>
            </div>
            <Button variant="primary" onClick={() => runPreview(kind, csv)} disabled={busy || !csv.trim()}>
              {phase === 'previewing' ? 'Checking…' : 'Preview'}
            </Button>
          </div>

          {error && (
            <Notice tone="error" title="The file can’t be imported">
              {error}
            </Notice>
          )}

          {preview && (
            <div className="space-y-3" aria-live="polite">
              <p className="text-sm font-medium" data-testid="import-summary">
                {preview.counts.write} to {preview.kind === 'units' ? 'create' : 'add'} · {preview.counts.skip} skipped · {preview.counts.error}{' '}
                {preview.counts.error === 1 ? 'error' : 'errors'}
                {phase === 'previewed' && ' — nothing has been written yet.'}
              </p>
              <ImportPreviewTable rows={preview.rows} results={results} />
              {phase === 'previewed' && (
                <div className="flex flex-wrap items-center gap-3">
                  <Button variant="primary" onClick={applyAll} disabled={preview.counts.write === 0}>
                    {preview.counts.error > 0
                      ? `Import the ${preview.counts.write} valid ${preview.counts.write === 1 ? 'row' : 'rows'}`
                      : `Import ${preview.counts.write} ${preview.counts.write === 1 ? 'row' : 'rows'}`}
                  </Button>
                  <Button onClick={reset}>Cancel</Button>
                  {preview.counts.error > 0 && (
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">Rows with errors are left out. Fix them and preview again, or import the valid rows now.</p>
                  )}
                </div>
              )}
              {(phase === 'applying' || phase === 'done') && (
                <div className="space-y-2">
                  <div
                    role="progressbar"
                    aria-label="Import progress"
                    aria-valuemin={0}
                    aria-valuemax={progress.total}
                    aria-valuenow={progress.done}
                    className="h-2 w-full overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
                  >
                    <div className="h-full bg-emerald-600 transition-all" style={{ width: `${progress.total ? (100 * progress.done) / progress.total : 0}%` }} />
                  </div>
                  <p className="text-sm" role="status">
                    {phase === 'applying'
                      ? `Importing… ${progress.done} of ${progress.total}`
                      : `Done: ${succeeded} imported${failed ? `, ${failed} failed (see the rows marked Failed)` : ''}.`}
                  </p>
                  {phase === 'done' && (
                    <Button
                      onClick={() => {
                        reset();
                        setCsv('');
                        setFileName(null);
                        toast.success(`Imported ${plural(succeeded, 'row')}.`);
                      }}
                    >
                      Start another import
                    </Button>
                  )}
                </div>
              )}
            </div>
          )}
        </section>
      )}
    </div>
  );
}

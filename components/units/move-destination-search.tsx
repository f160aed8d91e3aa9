'use client';
// The move dialog's search box (GET /api/v1/units/[id]/destinations): at thousands of units a
// destination deep in the tree is found by typing the start of any word of its name. Only places
// the unit may go are listed (the server applies the picker's own rule); while the box is empty
// the dialog's tree shows instead.
import { useEffect, useState, type ReactNode } from 'react';
import { inputClass } from '@/components/ui/text-field';
import { ApiError, call } from '@/lib/api/client';
import type { DestinationHit } from '@/lib/screens/move-destinations';
import type { PickerRow } from '@/lib/screens/tree';

const DEBOUNCE_MS = 180;

type Found = { kind: 'loading' } | { kind: 'done'; q: string; hits: DestinationHit[] } | { kind: 'error'; message: string };

export function MoveDestinationSearch({
  unitId, unitName, open, chosenId, onChoose, children,
}: {
  unitId: string;
  unitName: string;
  open: boolean;
  chosenId?: string;
  onChoose(row: PickerRow): void;
  /** The browsable tree, shown while nothing is typed. */
  children: ReactNode;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>();

  useEffect(() => {
    if (open) setQuery('');
  }, [open, unitId]);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setFound(undefined);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setFound({ kind: 'loading' });
      try {
        const hits = await call('units.destinations', { params: { unitId }, query: { q }, signal: controller.signal });
        setFound({ kind: 'done', q, hits });
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
        setFound({ kind: 'error', message: e instanceof ApiError ? e.message : 'Search failed. Try again.' });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, unitId]);

  return (
    <div className="space-y-2">
      <input
        type="search"
        aria-label="Search for a unit to move into"
        placeholder="Search units by name…"
        autoComplete="off"
        className={inputClass}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {query.trim() === '' ? (
        children
      ) : (
        <fieldset className="max-h-[50vh] overflow-auto rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
          <legend className="sr-only">Units matching “{query.trim()}” that {unitName} can move into</legend>
          {found?.kind === 'loading' && <p className="px-1 py-1 text-sm text-zinc-600 dark:text-zinc-400">Searching…</p>}
          {found?.kind === 'error' && (
            <p role="alert" className="px-1 py-1 text-sm text-red-700 dark:text-red-400">
              {found.message}
            </p>
          )}
          {found?.kind === 'done' && found.hits.length === 0 && (
            <p className="px-1 py-1 text-sm text-zinc-600 dark:text-zinc-400">No unit {unitName} can move into matches “{found.q}”.</p>
          )}
          {found?.kind === 'done' && found.hits.length > 0 && (
            <ul>
              {found.hits.map((hit) => (
                <li key={hit.id}>
                  <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                    <input
                      type="radio"
                      name="destination"
                      value={hit.id}
                      checked={chosenId === hit.id}
                      onChange={() => onChoose(hit)}
                      className="accent-emerald-700 dark:scheme-dark"
                    />
                    <span className="truncate">{hit.name}</span>
                    <span className="shrink-0 text-xs text-zinc-500">{hit.parentName ? `in ${hit.parentName}` : 'top unit'}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
    </div>
  );
}

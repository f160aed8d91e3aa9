'use client';
// Search above the tree (T10 through GET /api/v1/search): units by name and, for owners and
// admins, people by name (the start of any word) or email prefix. Picking a hit opens its page.
// `/` focuses the box from anywhere outside a text field, the tree included; on a phone, with the
// tree's drawer closed, it opens the drawer first.
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { startNavigationProgress } from '@/components/shell/navigation-progress';
import { useDrawer } from '@/components/shell/side-drawer';
import { inputClass } from '@/components/ui/text-field';
import { ApiError, call } from '@/lib/api/client';
import type { SearchHit } from '@/lib/screens/search';

const DEBOUNCE_MS = 180;

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; q: string } | { kind: 'error'; message: string };

export function TreeSearch() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const { open: drawerOpen, setOpen: setDrawerOpen } = useDrawer();
  const focusWhenShown = useRef(false);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setHits([]);
      setStatus({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus({ kind: 'loading' });
      try {
        setHits(await call('search.search', { query: { q }, signal: controller.signal }));
        setStatus({ kind: 'done', q });
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
        setHits([]);
        setStatus({ kind: 'error', message: e instanceof ApiError ? e.message : 'Search failed. Try again.' });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.key !== '/' || e.ctrlKey || e.metaKey || t.closest('input, textarea, select, [contenteditable="true"]')) return;
      e.preventDefault();
      // No box on screen: the pane is a closed drawer; focus waits until it is open.
      if (input.current && input.current.getClientRects().length === 0) {
        focusWhenShown.current = true;
        setDrawerOpen(true);
        return;
      }
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setDrawerOpen]);

  useEffect(() => {
    if (!drawerOpen || !focusWhenShown.current) return;
    focusWhenShown.current = false;
    input.current?.focus();
  }, [drawerOpen]);

  function go(hit: SearchHit | null) {
    if (!hit) return;
    setQuery('');
    const href = hit.kind === 'unit' ? `/units/${hit.id}` : `/members/${hit.userId}`;
    startNavigationProgress(href);
    router.push(href);
  }

  return (
    <Combobox value={null} onChange={go} onClose={() => setQuery('')}>
      <div className="relative">
        <ComboboxInput
          ref={input}
          aria-label="Search units and people"
          placeholder="Search units and people…  /"
          autoComplete="off"
          className={inputClass}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {query.trim() !== '' && (
          <ComboboxOptions
            anchor={{ to: 'bottom start', gap: 4 }}
            className="z-40 max-h-96 w-[var(--input-width)] min-w-72 overflow-auto rounded-md border border-zinc-200 bg-white p-1 text-sm shadow-lg empty:invisible dark:border-zinc-700 dark:bg-zinc-900"
          >
            {hits.map((hit) => (
              <ComboboxOption
                key={hit.kind === 'unit' ? `u:${hit.id}` : `m:${hit.userId}`}
                value={hit}
                className="cursor-pointer rounded px-2 py-1.5 data-[focus]:bg-emerald-50 dark:data-[focus]:bg-emerald-900/40"
              >
                {hit.kind === 'unit' ? (
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="truncate font-medium">{hit.name}</span>
                    <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                      {hit.parentName ? `in ${hit.parentName}` : 'Top unit'}
                    </span>
                  </div>
                ) : (
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="truncate font-medium">{hit.name || hit.email}</span>
                    <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">{hit.email}</span>
                  </div>
                )}
              </ComboboxOption>
            ))}
            {status.kind === 'done' && hits.length === 0 && (
              <div className="px-2 py-1.5 text-zinc-600 dark:text-zinc-400">Nothing matches “{status.q}”.</div>
            )}
            {status.kind === 'error' && (
              <div role="alert" className="px-2 py-1.5 text-red-700 dark:text-red-400">
                {status.message}
              </div>
            )}
            {status.kind === 'loading' && hits.length === 0 && <div className="px-2 py-1.5 text-zinc-600 dark:text-zinc-400">Searching…</div>}
          </ComboboxOptions>
        )}
      </div>
    </Combobox>
  );
}

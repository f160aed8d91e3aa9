'use client';
// Options a combobox fetches as the person types: debounced, stale answers dropped (aborted),
// errors kept as a message the list can show.
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api/client';

/** Options for `query` (null: none yet) from `search`, which calls the API (lib/api/client.ts). */
export function useRemoteOptions<T>(query: string | null, search: (query: string, signal: AbortSignal) => Promise<T[]>, delayMs = 200) {
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (query === null) {
      setOptions([]);
      setError(null);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      search(query, controller.signal)
        .then((found) => {
          setOptions(found);
          setError(null);
        })
        .catch((e) => {
          if ((e as Error).name === 'AbortError') return;
          setOptions([]);
          setError(e instanceof ApiError ? e.message : 'Search failed. Try again.');
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `search` is a stable mapping by contract; search again only when the query changes.
  }, [query, delayMs]);

  return { options, loading, error };
}

'use client';
// Options a combobox fetches as the person types: debounced, stale answers dropped (aborted),
// errors kept as a message the list can show.
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api/client';

export function useRemoteOptions<T>(url: string | null, pick: (body: unknown) => T[], delayMs = 200) {
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!url) {
      setOptions([]);
      setError(null);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      api<unknown>(url, { signal: controller.signal })
        .then((body) => {
          setOptions(pick(body));
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
    // `pick` is a stable mapping by contract; re-fetch only when the address changes.
  }, [url, delayMs]);

  return { options, loading, error };
}

'use client';
// A list's later pages, fetched when the person asks for them and kept beside the first page the
// list was given (which stays the server's: a refresh brings it anew).
import { useState } from 'react';
import { toast } from './toaster';

export interface Page<T> {
  items: T[];
  nextCursor?: string | null;
}

/** `cursor`: where the pages after the given ones start; absent when there are none. */
export function useMorePages<T>(cursor: string | undefined, fetchPage: (cursor: string) => Promise<Page<T>>, failed: string) {
  const [more, setMore] = useState<T[]>([]);
  const [next, setNext] = useState(cursor);
  const [loading, setLoading] = useState(false);

  async function loadMore() {
    if (!next) return;
    setLoading(true);
    try {
      const page = await fetchPage(next);
      setMore((loaded) => [...loaded, ...page.items]);
      setNext(page.nextCursor ?? undefined);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : failed);
    } finally {
      setLoading(false);
    }
  }

  return { more, cursor: next, loading, loadMore };
}

'use client';
// After an edit that may change who can administer the unit on screen (a move of it or above it,
// a role change, a removal, an addition), reads that list again and puts it in the tree store,
// from which the unit page renders it. The caller awaits it before confirming the edit, so the
// confirmation and the list agree; the page's router.refresh() (slower: the whole page and
// tree) follows. Elsewhere (no tree, or a page without the list) it does nothing.
import { useParams } from 'next/navigation';
import { useMountedTreeStore } from '@/components/tree/tree-provider';
import { unitAdministratorsAction } from './actions';

export function useAdministratorsRecheck(): () => Promise<void> {
  const store = useMountedTreeStore();
  const { unitId } = useParams<{ unitId?: string }>();
  return async () => {
    if (!store || !unitId || !store.administrators.has(unitId)) return;
    try {
      store.setAdministrators(unitId, await unitAdministratorsAction(unitId));
    } catch {
      // Unreachable for a moment: the page's refresh brings the list.
    }
  };
}

'use client';
// The unit page's History: the server's first page, with the edits made in this browser since
// that page was read shown on top at once ("You renamed …"), until the page's refresh brings
// the recorded entries themselves.
import { useMemo } from 'react';
import { AuditList } from '@/components/audit/audit-list';
import { useTreeStore } from '@/components/tree/tree-provider';
import type { AuditPageView } from '@/lib/screens/audit';

export function UnitHistory({ initial, unitId }: { initial: AuditPageView; unitId: string }) {
  const store = useTreeStore();
  // The store's version when this server page arrived: edits after it are not in it yet.
  const readAt = useMemo(() => store.version, [initial]);
  const pending = (store.recent.get(unitId) ?? []).filter((r) => r.at >= readAt).map((r) => r.line);
  const shown = pending.length ? { ...initial, lines: [...pending, ...initial.lines] } : initial;
  // A new server page or a new local edit starts the list afresh.
  return <AuditList key={`${unitId}:${initial.now}:${pending.length}`} initial={shown} unitId={unitId} title="History" />;
}

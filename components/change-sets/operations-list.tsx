'use client';
// The draft's operations in order, in words, with who added each. An operation drafted on facts
// the live tree no longer has shows what changed, with Re-confirm (take today's facts) and Drop;
// one the tree after would refuse shows why. Any operation can be dropped while the set is
// editable, after a confirmation (a drop cannot be undone, and asks for fresh approvals).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import type { ChangeSetDetail, Preview } from '@/lib/change-sets';

export interface OperationsListProps {
  set: ChangeSetDetail;
  preview: Preview;
  editable: boolean;
  /** Conflicts and problems are today's only for a set not applied yet. */
  showChecks: boolean;
  busy: boolean;
  onDrop(seq: number): void;
  onReconfirm(seq: number): void;
}

export function OperationsList({ set, preview, editable, showChecks, busy, onDrop, onReconfirm }: OperationsListProps) {
  const [dropping, setDropping] = useState<{ seq: number; text: string } | null>(null);
  const outside = set.outsideOperations ? (
    <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
      {set.outsideOperations === 1 ? '1 change' : `${set.outsideOperations} changes`} outside your area, not shown.
    </p>
  ) : null;
  if (set.operations.length === 0) {
    if (outside) return outside;
    return <EmptyState title="No operation yet">Select a unit in the tree to draft a change, or drag a unit onto another to move it.</EmptyState>;
  }
  const conflicts = new Map(preview.conflicts.map((c) => [c.seq, c.changes]));
  const problems = new Map(preview.problems.map((p) => [p.seq, p.messages]));
  const approved = set.reviews.some((r) => r.current && r.decision === 'approve');
  return (
    <>
      <DataTable caption="Operations" columns={['#', 'Operation', 'Added by', '']}>
        {set.operations.map((o) => {
          const conflict = showChecks ? conflicts.get(o.seq) : undefined;
          const problem = showChecks ? problems.get(o.seq) : undefined;
          return (
            <tr key={o.seq} className="align-top" data-seq={o.seq}>
              <td className="px-3 py-2 tabular-nums text-zinc-600 dark:text-zinc-400">{o.seq}</td>
              <td className="px-3 py-2">
                <p>{o.text}</p>
                {conflict && (
                  <div className="mt-1 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
                    <p className="font-semibold">Conflict: the live tree changed since this was drafted.</p>
                    <ul className="list-disc pl-4">{conflict.map((c) => <li key={c}>{c}</li>)}</ul>
                  </div>
                )}
                {problem && (
                  <div className="mt-1 rounded border border-red-300 bg-red-50 p-2 text-xs text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
                    <p className="font-semibold">Would be refused:</p>
                    <ul className="list-disc pl-4">{problem.map((m) => <li key={m}>{m}</li>)}</ul>
                  </div>
                )}
              </td>
              <td className="px-3 py-2">{o.addedBy.name || o.addedBy.email}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                {editable && conflict && (
                  <Button size="sm" variant="ghost" disabled={busy} aria-label={`Re-confirm operation ${o.seq}: ${o.text}`} onClick={() => onReconfirm(o.seq)}>Re-confirm</Button>
                )}
                {editable && (
                  <Button size="sm" variant="ghost" disabled={busy} aria-label={`Drop operation ${o.seq}: ${o.text}`} onClick={() => setDropping({ seq: o.seq, text: o.text })}>Drop</Button>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      {outside}
      <ConfirmDialog
        open={dropping !== null} title={`Drop operation ${dropping?.seq ?? ''}?`} confirmLabel="Drop"
        description={`“${dropping?.text ?? ''}” leaves the reorganization; to have it back, draft it again.${approved ? ' The approvals given so far are for the operations as they stand, so the set needs fresh ones.' : ''}`}
        onCancel={() => setDropping(null)}
        onConfirm={() => {
          if (dropping) onDrop(dropping.seq);
          setDropping(null);
        }}
      />
    </>
  );
}

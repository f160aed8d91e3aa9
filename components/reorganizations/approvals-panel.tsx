'use client';
// Who must approve: each area the set touches, who can approve it (role and where it is held),
// and who did; then every review with its comment, those of an earlier version of the
// operations marked as history.
import { RelativeTime } from '@/components/audit/relative-time';
import { DataTable } from '@/components/ui/data-table';
import { RoleBadge } from '@/components/ui/role-badge';
import type { ChangeSetDetail, Preview } from '@/lib/reorganizations';

export function ApprovalsPanel({ set, preview, now }: { set: ChangeSetDetail; preview: Preview; now: string }) {
  const { approvals } = preview;
  return (
    <div className="space-y-4">
      {approvals.areas.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing to approve until the set has operations.</p>
      ) : (
        <>
          <p className="text-sm" role="status">
            {approvals.complete ? 'Every area is approved.' : `${approvals.areas.filter((a) => !a.approvedBy).length} of ${approvals.areas.length} areas still need an approval.`}
            {approvals.rejectedBy && ` Rejected by ${approvals.rejectedBy.name}: “${approvals.rejectedBy.comment}”`}
          </p>
          <DataTable caption="Approvals by area" columns={['Area', 'Can approve', 'Approved by']}>
            {approvals.areas.map((a) => (
              <tr key={a.unitId} className="align-top">
                <td className="px-3 py-2 font-medium">{a.unitName}</td>
                <td className="px-3 py-2">
                  <ul className="space-y-1">
                    {a.approvers.map((p) => (
                      <li key={p.userId} className="flex flex-wrap items-center gap-1.5">
                        <span title={p.email}>{p.name || p.email}</span>
                        <RoleBadge role={p.role} />
                        <span className="text-xs text-zinc-600 dark:text-zinc-400">of {p.unitName}</span>
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="px-3 py-2">{a.approvedBy ? a.approvedBy.name : <span className="text-zinc-600 dark:text-zinc-400">not yet</span>}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      <section aria-labelledby="reviews" className="space-y-2">
        <h3 id="reviews" className="text-base font-semibold">Reviews</h3>
        {set.reviews.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No review yet.</p>
        ) : (
          <ul aria-label="Reviews" className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {set.reviews.map((r) => (
              <li key={r.userId} className={`px-3 py-2 text-sm ${r.current ? '' : 'text-zinc-500 dark:text-zinc-500'}`}>
                <p>
                  <span className="font-medium">{r.name}</span> {r.decision === 'approve' ? 'approved' : 'rejected'}
                  {' · '}<RelativeTime iso={r.at} serverNow={now} />
                  {!r.current && <span> · outdated (the operations changed since)</span>}
                </p>
                {r.comment && <p className="mt-0.5 whitespace-pre-wrap">“{r.comment}”</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

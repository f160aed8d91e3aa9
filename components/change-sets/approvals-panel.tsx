'use client';
// Who must approve: each area the set touches, who can approve it (role and where it is held),
// whether the author's own approval counts there and why, and who did; what the viewer's own
// approval covers and what still waits for whom; the organization's self-approval setting; then
// every review with its comment, those of an earlier version of the operations marked as history.
import { RelativeTime } from '@/components/audit/relative-time';
import { DataTable } from '@/components/ui/data-table';
import { RoleBadge } from '@/components/ui/role-badge';
import type { ApprovalArea, ChangeSetDetail, Preview } from '@/lib/change-sets';
import { approvalCoverage, approverNames, namesOf } from '@/lib/change-sets/approval-coverage';
import type { ApprovalSettingView } from '@/lib/screens/change-sets';
import { SelfApprovalSetting } from './self-approval-setting';

const muted = 'text-zinc-600 dark:text-zinc-400';

export interface ApprovalsPanelProps {
  set: ChangeSetDetail;
  preview: Preview;
  now: string;
  viewer: { userId: string; canReview: boolean };
  setting: ApprovalSettingView;
  onSettingSaved(): void;
}

/** Why the author's own approval counts on an area, or does not. */
function authorNote(area: ApprovalArea, author: string): string | undefined {
  switch (area.author) {
    case 'fourEyes': return `Not ${author}, who drafted the set: someone else administers ${area.unitName}.`;
    case 'onlyApprover': return `${author} drafted the set, and their approval counts here: nobody else administers ${area.unitName}.`;
    case 'ownerSetting': return `${author} drafted the set; as an owner their approval counts (the organization allows it).`;
    default: return undefined;
  }
}

/** What the viewer's approval did or would do, and what still waits for whom. */
function YourApproval({ set, preview, viewer }: Pick<ApprovalsPanelProps, 'set' | 'preview' | 'viewer'>) {
  const { covers, notCounted, remaining } = approvalCoverage(preview.approvals, viewer.userId, set.author.userId);
  const approved = set.reviews.some((r) => r.current && r.userId === viewer.userId && r.decision === 'approve');
  if (!viewer.canReview && covers.length === 0 && notCounted.length === 0) return null;
  const waiting = remaining.filter((a) => !covers.includes(a));
  return (
    <div aria-label="Your approval" role="region" className="space-y-1 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800">
      {covers.length > 0 && (
        <p>{approved ? 'You approved: your approval covers ' : 'Your approval would cover '}{namesOf(covers)}.</p>
      )}
      {notCounted.length > 0 && (
        <p>
          Your own approval does not count on {namesOf(notCounted)}: you drafted this set, and someone else administers {notCounted.length === 1 ? 'it' : 'them'} (four eyes).
        </p>
      )}
      {waiting.length > 0 && !preview.approvals.rejectedBy && (
        <ul className="list-disc pl-5">
          {waiting.map((a) => <li key={a.unitId}>{a.unitName} still needs an approval from {approverNames(a, viewer.userId)}.</li>)}
        </ul>
      )}
    </div>
  );
}

export function ApprovalsPanel({ set, preview, now, viewer, setting, onSettingSaved }: ApprovalsPanelProps) {
  const { approvals } = preview;
  const author = set.author.name || set.author.email;
  return (
    <div className="space-y-4">
      {approvals.areas.length === 0 ? (
        <p className={`text-sm ${muted}`}>Nothing to approve until the set has operations.</p>
      ) : (
        <>
          <p className="text-sm" role="status">
            {approvals.complete ? 'Every area is approved.' : `${approvals.areas.filter((a) => !a.approvedBy).length} of ${approvals.areas.length} areas still need an approval.`}
            {approvals.rejectedBy && ` Rejected by ${approvals.rejectedBy.name}: “${approvals.rejectedBy.comment}”`}
          </p>
          <YourApproval set={set} preview={preview} viewer={viewer} />
          <DataTable caption="Approvals by area" columns={['Area', 'Can approve', 'Approved by']}>
            {approvals.areas.map((a) => {
              const note = authorNote(a, author);
              return (
                <tr key={a.unitId} className="align-top">
                  <td className="px-3 py-2 font-medium">{a.unitName}</td>
                  <td className="px-3 py-2">
                    <ul className="space-y-1">
                      {a.approvers.map((p) => (
                        <li key={p.userId} className="flex flex-wrap items-center gap-1.5">
                          <span title={p.email}>{p.name || p.email}</span>
                          <RoleBadge role={p.role} />
                          <span className={`text-xs ${muted}`}>of {p.unitName}</span>
                        </li>
                      ))}
                    </ul>
                    {note && <p className={`mt-1 text-xs ${muted}`}>{note}</p>}
                  </td>
                  <td className="px-3 py-2">
                    {a.approvedBy ? (
                      <>{a.approvedBy.name}{a.approvedBy.self && <span className={`block text-xs ${muted}`}>the author’s own approval</span>}</>
                    ) : (
                      <span className={muted}>not yet: waiting for {approverNames(a)}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        </>
      )}
      <section aria-labelledby="self-approval" className="space-y-2">
        <h3 id="self-approval" className="text-base font-semibold">The author’s own approval</h3>
        <SelfApprovalSetting on={setting.on} version={setting.version} canEdit={setting.canEdit} onSaved={onSettingSaved} />
      </section>
      <section aria-labelledby="reviews" className="space-y-2">
        <h3 id="reviews" className="text-base font-semibold">Reviews</h3>
        {set.reviews.length === 0 ? (
          <p className={`text-sm ${muted}`}>No review yet.</p>
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

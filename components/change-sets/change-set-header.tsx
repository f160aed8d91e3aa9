'use client';
// A change set's header: its name (renamed in a dialog), state, author and schedule, and the
// actions its state allows — approve or reject (reviewers), apply now, schedule or unschedule,
// revert an applied set (opens the new draft), delete a set not applied. While it applies, a
// progress bar follows the run; a failed run says why.
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { startNavigationProgress } from '@/components/shell/navigation-progress';
import { useHydrated } from '@/components/shell/use-hydrated';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { inputClass, TextField } from '@/components/ui/text-field';
import type { ChangeSetStanding } from '@/lib/screens/change-sets';
import { approvalCoverage, namesOf } from '@/lib/change-sets/approval-coverage';
import { plural } from '@/lib/text/plural';
import * as changeSets from './change-set-api';
import { FormDialog } from './form-dialog';
import { StatusBadge, useWhen } from './status-badge';
import type { ChangeSetState } from './use-change-set';

const PHASES: Record<string, string> = {
  locking: 'Locking the units it changes',
  applying: 'Applying',
  rollingBack: 'Something failed: putting back what was changed',
  unlocking: 'Releasing the units',
};

type Dialog = 'rename' | 'approve' | 'reject' | 'apply' | 'delete' | 'revert';

/** `YYYY-MM-DDTHH:mm` in the reader's zone, for a datetime-local input. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

export function ChangeSetHeader({ state, standing }: { state: ChangeSetState; standing: ChangeSetStanding }) {
  const router = useRouter();
  const when = useWhen();
  const hydrated = useHydrated();
  const { set, preview, busy, act } = state;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [name, setName] = useState(set.name);
  const [description, setDescription] = useState(set.description);
  const [comment, setComment] = useState('');
  const [at, setAt] = useState('');

  const s = set.status;
  const hasOps = set.operations.length > 0;
  const awaitingReview = hasOps && ['draft', 'scheduled', 'rejected'].includes(s);
  const reviewable = standing.canReview && awaitingReview;
  // Approve is offered where the viewer's approval would count, read from the preview (fresh
  // after every edit, unlike the standing read with the page): an author's may count nowhere
  // (four eyes), and the Approvals panel then says why and who may approve instead.
  const covers = approvalCoverage(preview.approvals, standing.userId, set.author.userId).covers;
  const approvable = awaitingReview && covers.length > 0;
  const approveText = `Your approval covers ${namesOf(covers)}, for the operations as they stand now.`;
  const applicable = standing.canApply && ['draft', 'failed', 'scheduled'].includes(s) && hasOps;
  const ready = preview.clean && preview.approvals.complete;
  const notReadyWhy = !preview.clean
    ? 'Resolve the conflicts and problems on the operations first.'
    : !preview.approvals.complete
      ? 'Every area needs an approval first.'
      : undefined;
  const deletable = standing.canEditDetails && ['draft', 'rejected', 'failed', 'scheduled'].includes(s);
  const close = () => setDialog(null);

  function open(d: Dialog) {
    setName(set.name);
    setDescription(set.description);
    setComment('');
    setDialog(d);
  }

  async function revert() {
    close();
    let draft: { setId: string } | undefined;
    await act('revert', async () => {
      draft = await changeSets.revertChangeSet(set.setId);
    }, 'A draft that reverts it was created.');
    if (draft) {
      const href = `/reorganizations/${draft.setId}`;
      startNavigationProgress(href);
      router.push(href);
    }
  }

  async function remove() {
    close();
    let deleted = false;
    await act('delete', async (v) => {
      await changeSets.deleteChangeSet(set.setId, v);
      deleted = true;
    }, `Deleted ${set.name}.`);
    if (deleted) {
      startNavigationProgress('/reorganizations');
      router.push('/reorganizations');
    }
  }

  const run = set.run;
  return (
    <header className="space-y-3">
      <p className="text-sm">
        <Link href="/reorganizations" className="text-emerald-800 underline underline-offset-2 dark:text-emerald-400">← Reorganizations</Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-[1_1_16rem] space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold break-words">{set.name}</h1>
            <StatusBadge set={set} />
          </div>
          {set.description && <p className="text-sm whitespace-pre-wrap">{set.description}</p>}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            By {set.author.name || set.author.email} · {plural(set.operationCount, 'operation')}
            {set.scheduledAt && s === 'scheduled' && <> · applies at {when(set.scheduledAt)}</>}
            {set.appliedAt && <> · applied {when(set.appliedAt)}</>}
            {set.revertOf && <> · reverts <Link className="underline" href={`/reorganizations/${set.revertOf}`}>an earlier reorganization</Link></>}
            {set.revertedBy && <> · reverted by <Link className="underline" href={`/reorganizations/${set.revertedBy}`}>a later reorganization</Link></>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Reorganization actions">
          <Button onClick={() => void state.refresh()} disabled={busy !== null}>Preview</Button>
          {deletable && <Button onClick={() => open('rename')} disabled={busy !== null}>Rename</Button>}
          {approvable && <Button onClick={() => open('approve')} disabled={busy !== null}>Approve</Button>}
          {reviewable && <Button onClick={() => open('reject')} disabled={busy !== null}>Reject</Button>}
          {applicable && s !== 'scheduled' && (
            <Button variant="primary" onClick={() => open('apply')} disabled={busy !== null || !ready} title={notReadyWhy}>Apply now</Button>
          )}
          {standing.canRevert && s === 'applied' && !set.revertedBy && <Button onClick={() => open('revert')} disabled={busy !== null}>Revert</Button>}
          {deletable && <Button variant="ghost" onClick={() => open('delete')} disabled={busy !== null}>Delete</Button>}
        </div>
      </div>

      {applicable && (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Schedule"
          onSubmit={(e) => {
            e.preventDefault();
            if (!at) return;
            void act('schedule', (v) => changeSets.applyChangeSet(set.setId, v, new Date(at).toISOString()), 'Scheduled.');
          }}
        >
          <div>
            <label htmlFor="apply-at" className="mb-1 block text-sm font-medium">Apply at</label>
            <input id="apply-at" type="datetime-local" className={inputClass} value={at} min={hydrated ? localInput(Date.now()) : undefined} onChange={(e) => setAt(e.target.value)} />
          </div>
          <Button type="submit" disabled={busy !== null || !at || !ready} title={notReadyWhy}>Schedule</Button>
          {s === 'scheduled' && (
            <Button onClick={() => void act('unschedule', (v) => changeSets.unscheduleChangeSet(set.setId, v), 'Unscheduled: it is a draft again.')} disabled={busy !== null}>Unschedule</Button>
          )}
          {notReadyWhy && <p className="w-full text-xs text-zinc-600 dark:text-zinc-400">{notReadyWhy}</p>}
        </form>
      )}

      {s === 'applying' && run && (
        <div className="space-y-1">
          <p className="text-sm">{PHASES[run.phase] ?? 'Applying'}{run.phase === 'locking' ? ` (${run.locked} locked)` : ` (${Math.min(run.next, set.operationCount)} of ${set.operationCount})`}…</p>
          <div
            role="progressbar" aria-label="Applying the reorganization" aria-valuemin={0} aria-valuemax={set.operationCount} aria-valuenow={Math.min(run.next, set.operationCount)}
            className="h-2 w-full overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
          >
            <div className="h-full bg-emerald-600 transition-all" style={{ width: `${set.operationCount ? (100 * Math.min(run.next, set.operationCount)) / set.operationCount : 0}%` }} />
          </div>
        </div>
      )}
      {s === 'failed' && (
        <Notice tone="error" title="The reorganization could not be applied; nothing was changed.">{run?.error?.message ?? 'The run stopped.'}</Notice>
      )}
      {set.lastError && s === 'draft' && (
        <Notice tone="warning" title="Its scheduled start was refused; it is a draft again.">{set.lastError.message}</Notice>
      )}
      {state.error && <Notice tone="error" title="That didn’t work">{state.error}</Notice>}

      <FormDialog
        open={dialog === 'rename'} title="Rename the reorganization" submitLabel="Save" busyLabel="Saving…" canSubmit={Boolean(name.trim())} onClose={close}
        onSubmit={async () => {
          const ok = await act('rename', (v) => changeSets.renameChangeSet(set.setId, v, name.trim(), description.trim()), 'Renamed.');
          if (!ok) throw new Error(state.error ?? 'Could not rename it.');
        }}
      >
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={100} />
        <div>
          <label htmlFor="rename-description" className="mb-1 block text-sm font-medium">Description</label>
          <textarea id="rename-description" className={inputClass} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
      </FormDialog>
      <FormDialog
        open={dialog === 'approve'} title={`Approve ${set.name}?`} description={approveText} submitLabel="Approve" busyLabel="Approving…" canSubmit onClose={close}
        onSubmit={async () => {
          await act('approve', (v) => changeSets.reviewChangeSet(set.setId, v, 'approve', comment.trim()), `Approved: it covers ${namesOf(covers)}.`);
        }}
      >
        <div>
          <label htmlFor="approve-comment" className="mb-1 block text-sm font-medium">Comment <span className="font-normal text-zinc-600 dark:text-zinc-400">(optional)</span></label>
          <textarea id="approve-comment" className={inputClass} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
        </div>
      </FormDialog>
      <FormDialog
        open={dialog === 'reject'} title={`Reject ${set.name}?`} description="It goes back to its author with your comment." submitLabel="Reject" busyLabel="Rejecting…" destructive canSubmit={Boolean(comment.trim())} onClose={close}
        onSubmit={async () => {
          await act('reject', (v) => changeSets.reviewChangeSet(set.setId, v, 'reject', comment.trim()), 'Rejected.');
        }}
      >
        <div>
          <label htmlFor="reject-comment" className="mb-1 block text-sm font-medium">Why (required)</label>
          <textarea id="reject-comment" className={inputClass} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} required />
        </div>
      </FormDialog>
      <ConfirmDialog
        open={dialog === 'apply'} destructive={false} title={`Apply ${set.name} now?`} confirmLabel="Apply"
        description={`Its ${plural(set.operationCount, 'operation')} run in order under locks; if one cannot go through, everything is put back as it was.`}
        onCancel={close}
        onConfirm={() => {
          close();
          void act('apply', (v) => changeSets.applyChangeSet(set.setId, v), 'Applying…');
        }}
      />
      <ConfirmDialog
        open={dialog === 'revert'} destructive={false} title={`Revert ${set.name}?`} confirmLabel="Create the revert"
        description="A new draft puts back what this reorganization changed; it is previewed and approved like any other."
        onCancel={close} onConfirm={() => void revert()}
      />
      <ConfirmDialog
        open={dialog === 'delete'} title={`Delete ${set.name}?`} confirmLabel="Delete"
        description="The draft and its reviews are deleted. The live tree is not touched."
        onCancel={close} onConfirm={() => void remove()}
      />
    </header>
  );
}

'use client';
// Review schedules: each with its rhythm and next start (or why it is paused); pause, resume and
// remove; add one with a review's settings and a first start.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Card } from '@/components/directory-sync/card';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { TextField, inputClass } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { ReviewSchedule, ReviewSettings } from '@/lib/access-reviews/types';
import { coverageWords, EMPTY_SETTINGS, SettingsFields, type CoverageChoices } from './settings-fields';
import { formatDay } from './review-list';

const EVERY: Record<ReviewSchedule['everyMonths'], string> = { 1: 'Every month', 3: 'Every quarter', 6: 'Every 6 months', 12: 'Every year' };
const tomorrowMorning = () => {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.toISOString().slice(0, 10)}T09:00`;
};

export function SchedulesCard({ schedules, maxSchedules, choices }: { schedules: ReviewSchedule[]; maxSchedules: number; choices: CoverageChoices }) {
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ReviewSchedule | null>(null);
  const [busy, setBusy] = useState(false);
  const [settings, setSettings] = useState<ReviewSettings>(EMPTY_SETTINGS);
  const [everyMonths, setEveryMonths] = useState<ReviewSchedule['everyMonths']>(3);
  const [firstStart, setFirstStart] = useState(tomorrowMorning);
  const full = schedules.length >= maxSchedules;

  async function act(run: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await run();
      toast.success(done);
      router.refresh();
      return true;
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong.');
      return false;
    } finally {
      setBusy(false);
    }
  }

  const setEnabled = (s: ReviewSchedule, enabled: boolean) =>
    act(() => call('accessReviewSchedules.update', { params: { scheduleId: s.scheduleId }, body: { enabled, expectedVersion: s.version } }), enabled ? 'Schedule resumed.' : 'Schedule paused.');

  async function add() {
    const firstStartAt = new Date(firstStart).toISOString();
    if (await act(() => call('accessReviewSchedules.create', { body: { ...settings, everyMonths, firstStartAt } }), 'Reviews scheduled.')) {
      setAdding(false);
      setSettings(EMPTY_SETTINGS);
    }
  }

  return (
    <Card id="schedules" title="Schedules" description="Reviews that start again on their own, with the same settings, as the owner who scheduled them.">
      {schedules.length === 0 ? (
        <EmptyState title="No schedule">Schedule a review every quarter to keep elevated access reviewed without thinking of it.</EmptyState>
      ) : (
        <ul aria-label="Review schedules" className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {schedules.map((s) => (
            <li key={s.scheduleId} className="flex flex-wrap items-start justify-between gap-3 p-3">
              <div className="min-w-0 space-y-1">
                <p className="font-medium break-words">{s.name}</p>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {EVERY[s.everyMonths]} · {s.durationDays} days · {coverageWords(s, choices)}
                </p>
                <p className="text-sm">
                  {s.enabled ? <>Next start {formatDay(s.nextStartAt)}</> : <span className="text-amber-800 dark:text-amber-300">Paused{s.pausedReason ? `: ${s.pausedReason}` : ''}</span>}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Button size="sm" variant="ghost" className="min-h-11" disabled={busy} onClick={() => void setEnabled(s, !s.enabled)} aria-label={`${s.enabled ? 'Pause' : 'Resume'} ${s.name}`}>
                  {s.enabled ? 'Pause' : 'Resume'}
                </Button>
                <Button size="sm" variant="ghost" className="min-h-11" disabled={busy} onClick={() => setRemoving(s)} aria-label={`Remove ${s.name}`}>Remove</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="primary" onClick={() => setAdding(true)} disabled={full}>Add a schedule</Button>
        {full && <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">An organization can have {maxSchedules} schedules: remove one first.</p>}
      </div>
      <Modal
        open={adding} onClose={() => setAdding(false)} title="Schedule reviews" size="lg"
        description={`Starts ${firstStart ? formatDay(new Date(firstStart).toISOString()) : '…'}, then ${EVERY[everyMonths].toLowerCase()}: ${coverageWords(settings, choices)}.`}
        footer={
          <>
            <Button onClick={() => setAdding(false)}>Cancel</Button>
            <Button variant="primary" disabled={busy || !settings.name.trim()} onClick={() => void add()}>Schedule</Button>
          </>
        }
      >
        <div className="space-y-4">
          <SettingsFields idPrefix="schedule" value={settings} onChange={setSettings} choices={choices} />
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="schedule-every" className="mb-1 block text-sm font-medium">Repeats</label>
              <select id="schedule-every" className={inputClass} value={everyMonths} onChange={(e) => setEveryMonths(Number(e.target.value) as ReviewSchedule['everyMonths'])}>
                {([1, 3, 6, 12] as const).map((m) => <option key={m} value={m}>{EVERY[m]}</option>)}
              </select>
            </div>
            <TextField label="First start" type="datetime-local" required value={firstStart} onChange={(e) => setFirstStart(e.target.value)} />
          </div>
        </div>
      </Modal>
      <ConfirmDialog
        open={Boolean(removing)} title={`Remove the schedule ${removing?.name ?? ''}?`}
        description="No more reviews start from it. Reviews it already started stay as they are."
        confirmLabel="Remove schedule" busy={busy}
        onConfirm={() => removing && void act(() => call('accessReviewSchedules.delete', { params: { scheduleId: removing.scheduleId }, query: { expectedVersion: String(removing.version) } }), 'Schedule removed.').then(() => setRemoving(null))}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

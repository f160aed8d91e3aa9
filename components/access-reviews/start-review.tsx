'use client';
// "Start a review": the settings, then a summary of what will happen before anything starts.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { ReviewSettings } from '@/lib/access-reviews/types';
import { coverageWords, EMPTY_SETTINGS, SettingsFields, type CoverageChoices } from './settings-fields';
import { formatDay } from './review-list';

export function StartReview({ choices }: { choices: CoverageChoices }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<'settings' | 'summary'>('settings');
  const [settings, setSettings] = useState<ReviewSettings>({ ...EMPTY_SETTINGS, name: '' });
  const [busy, setBusy] = useState(false);
  const due = new Date(Date.now() + settings.durationDays * 86_400_000).toISOString();

  async function start() {
    setBusy(true);
    try {
      const review = await call('accessReviews.start', { body: settings });
      toast.success(`Review started: ${review.counts.items} ${review.counts.items === 1 ? 'item' : 'items'}; the reviewers are told by email.`);
      setOpen(false);
      router.push(`/reviews/${review.reviewId}`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong.');
      setStep('settings');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="primary" className="min-h-11" onClick={() => { setStep('settings'); setOpen(true); }}>Start a review</Button>
      <Modal
        open={open} onClose={() => setOpen(false)} size="lg"
        title={step === 'settings' ? 'Start a review' : `Start ${settings.name.trim()}?`}
        description={step === 'settings' ? 'Choose what it covers. Each item goes to the nearest administrator above it, or to the owners.' : undefined}
        footer={
          step === 'settings' ? (
            <>
              <Button onClick={() => setOpen(false)}>Cancel</Button>
              <Button variant="primary" disabled={!settings.name.trim()} onClick={() => setStep('summary')}>Continue</Button>
            </>
          ) : (
            <>
              <Button onClick={() => setStep('settings')} disabled={busy}>Back</Button>
              <Button variant="primary" disabled={busy} onClick={() => void start()}>{busy ? 'Starting…' : 'Start the review'}</Button>
            </>
          )
        }
      >
        {step === 'settings' ? (
          <SettingsFields idPrefix="start" value={settings} onChange={setSettings} choices={choices} />
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>Covers: {coverageWords(settings, choices)}.</li>
            <li>Reviewers are emailed now and decide by {formatDay(due)} ({settings.durationDays} days).</li>
            <li>{settings.reminderDaysBefore > 0 ? `Those with items left are reminded ${settings.reminderDaysBefore} days before.` : 'No reminder.'}</li>
            <li>At the deadline, what nobody decided is {settings.defaultDecision === 'remove' ? 'removed' : 'kept'}; removals are applied then, each only if the access is still as reviewed.</li>
          </ul>
        )}
      </Modal>
    </>
  );
}

'use client';
// Backfill: every entry since a chosen day is sent again, in order. The confirmation says how far
// back that is and that the receiver gets entries it may already hold (to drop by id).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { call } from '@/lib/api/client';
import type { Destination } from '@/lib/audit-streaming/types';
import { daysBack } from './destination-words';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function BackfillDialog({ destination, maxDays, now, onClose, onDone }: { destination: Destination; maxDays: number; now: string; onClose: () => void; onDone: (d: Destination) => void }) {
  const nowMs = Date.parse(now);
  const [from, setFrom] = useState(day(nowMs - 7 * 86_400_000));
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const days = daysBack(from, nowMs);
  const invalid = !/^\d{4}-\d{2}-\d{2}$/.test(from) ? 'Choose a day.' : days > maxDays ? `At most ${maxDays} days back.` : Date.parse(from) > nowMs ? 'Choose today or a day before.' : undefined;

  async function run() {
    setBusy(true);
    setError(undefined);
    try {
      // Days are UTC days, as the audit log shows its times.
      const from8601 = `${from}T00:00:00.000Z`;
      onDone(await call('auditStreams.backfill', { params: { destinationId: destination.destinationId }, body: { from: from8601, expectedVersion: destination.version } }));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not start the backfill.');
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={`Backfill ${destination.name}`}
      description="Sends every audit entry since the day you choose again, in order, then carries on as before."
      footer={
        confirming ? (
          <>
            <Button variant="danger" onClick={() => void run()} disabled={busy}>{busy ? 'Starting…' : 'Send them again'}</Button>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>Back</Button>
          </>
        ) : (
          <>
            <Button variant="primary" type="submit" form="audit-stream-backfill" disabled={Boolean(invalid)}>Continue</Button>
            <Button variant="ghost" onClick={onClose}>Cancel</Button>
          </>
        )
      }
    >
      <form
        id="audit-stream-backfill"
        aria-label="Backfill"
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) setConfirming(true);
        }}
      >
        <TextField label="From" type="date" value={from} min={day(nowMs - maxDays * 86_400_000)} max={day(nowMs)} onChange={(e) => setFrom(e.target.value)} error={invalid} disabled={confirming} hint={`A UTC day, up to ${maxDays} days back, and no further than the audit log keeps.`} />
        {confirming && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
            Every entry since {from} 00:00 UTC ({days === 0 ? 'today' : `${days} ${days === 1 ? 'day' : 'days'} ago`}) goes to {destination.name} again. It will receive entries it already has: it can drop them by their id.
          </p>
        )}
        {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      </form>
    </Modal>
  );
}

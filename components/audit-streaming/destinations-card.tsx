'use client';
// Audit streaming's destinations: each with its kind, where it sends, its health (healthy, failing
// since…, paused, new), its lag and what it has delivered, the last error in words, and its
// actions: send a test entry, pause or resume, backfill, edit, remove. An HTTPS destination's
// signing secret is shown once, when it is added.
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Card } from '@/components/directory-sync/card';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ShownOnceModal } from '@/components/ui/shown-once-modal';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toaster';
import { useAction } from '@/components/ui/use-action';
import { call } from '@/lib/api/client';
import type { Destination, DestinationTestResult } from '@/lib/audit-streaming/types';
import type { AuditStreamsScreenView } from '@/lib/screens/audit-streams';
import { BackfillDialog } from './backfill-dialog';
import { DestinationDialog } from './destination-dialog';
import { DeliverySummary, HealthBadge, HealthDetail } from './destination-health';
import { KIND_LABELS, stateOf, targetOf } from './destination-words';

/** How often the list reads health and lag again while the page is open. */
const REFRESH_MS = 10_000;

function testWords(r: DestinationTestResult): string {
  const how = [r.status ? `HTTP ${r.status}` : '', `${Math.round(r.durationMs)} ms`].filter(Boolean).join(', ');
  return r.ok ? `Test entry delivered (${how}).` : `Test entry failed: ${r.error ?? 'no answer'} (${how}).`;
}

export function DestinationsCard({ view }: { view: AuditStreamsScreenView & { externalId: string } }) {
  const router = useRouter();
  const [editing, setEditing] = useState<Destination | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Destination | null>(null);
  const [backfilling, setBackfilling] = useState<Destination | null>(null);
  const [tests, setTests] = useState<Record<string, DestinationTestResult | 'sending'>>({});
  const { busy, run } = useAction();
  const full = view.destinations.length >= view.maxDestinations;

  // Health and lag move while the page is open; a dialog open keeps the list still under it.
  const still = Boolean(editing || removing || backfilling || secret);
  useEffect(() => {
    if (still || view.destinations.length === 0) return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [router, still, view.destinations.length]);

  async function sendTest(d: Destination) {
    setTests((t) => ({ ...t, [d.destinationId]: 'sending' }));
    try {
      const result = await call('auditStreams.test', { params: { destinationId: d.destinationId } });
      setTests((t) => ({ ...t, [d.destinationId]: result }));
    } catch (e) {
      setTests((t) => ({ ...t, [d.destinationId]: { ok: false, durationMs: 0, error: e instanceof Error ? e.message : 'could not send' } }));
    }
  }

  const setEnabled = (d: Destination, enabled: boolean) =>
    run(
      () => call('auditStreams.update', { params: { destinationId: d.destinationId }, body: { enabled, expectedVersion: d.version } }),
      enabled ? `${d.name} resumed: it catches up from where it stopped.` : `${d.name} paused.`,
    );

  return (
    <Card
      id="audit-streaming"
      title="Audit streaming"
      description="Every entry of the audit log, sent as it happens to where your security team looks: an HTTPS endpoint, Splunk, Datadog or an S3 bucket. In order, at least once, each with its id."
    >
      {view.destinations.length === 0 ? (
        <EmptyState title="No destination yet">Add one to keep a copy of every change where your auditors look.</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Destinations">
          {view.destinations.map((d) => {
            const kind = KIND_LABELS[d.settings.kind];
            const test = tests[d.destinationId];
            const paused = stateOf(d) === 'paused';
            return (
              <li key={d.destinationId} className="space-y-2 p-3" aria-label={d.name}>
                <div className="flex items-start gap-3">
                  <span aria-hidden="true" className="mt-0.5 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-zinc-100 text-xs font-semibold text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">
                    {kind.mark}
                  </span>
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium break-words">{d.name}</span>
                      <HealthBadge d={d} now={view.now} />
                    </p>
                    <p className="text-sm text-zinc-700 dark:text-zinc-300">
                      {kind.label} · <span className="font-mono break-all">{targetOf(d.settings)}</span>
                      {d.secretHint && <> · secret …{d.secretHint}</>}
                    </p>
                    <p className="text-xs text-zinc-600 dark:text-zinc-400"><DeliverySummary d={d} /></p>
                    {d.health.lastError && stateOf(d) === 'failing' && (
                      <p className="text-sm text-red-700 dark:text-red-400">Last error: {d.health.lastError}</p>
                    )}
                  </div>
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button size="sm" variant="secondary" onClick={() => void sendTest(d)} disabled={busy || test === 'sending'} aria-label={`Send a test entry to ${d.name}`}>
                    {test === 'sending' ? 'Sending…' : 'Send test entry'}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => void setEnabled(d, paused)} disabled={busy} aria-label={`${paused ? 'Resume' : 'Pause'} ${d.name}`}>
                    {paused ? 'Resume' : 'Pause'}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setBackfilling(d)} disabled={busy} aria-label={`Backfill ${d.name}`}>Backfill</Button>
                  <Button size="sm" variant="ghost" onClick={() => setEditing(d)} disabled={busy} aria-label={`Edit ${d.name}`}>Edit</Button>
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(d)} disabled={busy} aria-label={`Remove ${d.name}`}>Remove</Button>
                </div>
                <p role="status" className={`text-sm ${test && test !== 'sending' ? (test.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-400') : 'sr-only'}`}>
                  {test && test !== 'sending' ? testWords(test) : ''}
                </p>
                <details className="text-sm">
                  <summary className="cursor-pointer text-zinc-700 dark:text-zinc-300">Health detail</summary>
                  <div className="mt-2"><HealthDetail d={d} now={view.now} /></div>
                </details>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button variant="primary" onClick={() => setEditing('new')} disabled={full}>Add destination</Button>
        {full && <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">An organization can have {view.maxDestinations} destinations: remove one first.</p>}
      </div>

      {editing && (
        <DestinationDialog
          destination={editing === 'new' ? undefined : editing}
          externalId={view.externalId}
          onClose={() => setEditing(null)}
          onSaved={(result) => {
            setEditing(null);
            if (result.signingSecret) setSecret(result.signingSecret);
            else toast.success(`${result.destination.name} saved.`);
            router.refresh();
          }}
        />
      )}
      {backfilling && (
        <BackfillDialog
          destination={backfilling}
          maxDays={view.maxBackfillDays}
          now={view.now}
          onClose={() => setBackfilling(null)}
          onDone={(d) => {
            setBackfilling(null);
            toast.success(`${d.name} is sending the chosen entries again.`);
            router.refresh();
          }}
        />
      )}
      <ShownOnceModal
        value={secret}
        onClose={() => setSecret(null)}
        title="The destination's signing secret"
        description="Copy it now: Arbor shows it only once. Verify each request's webhook-signature with it (any Standard Webhooks library does)."
        label="Signing secret"
      />
      <ConfirmDialog
        open={Boolean(removing)}
        title={`Remove ${removing?.name ?? 'this destination'}?`}
        description="Nothing more is sent there, at once, and its sealed credentials are deleted. Entries it already received stay where they are."
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => removing && void run(() => call('auditStreams.delete', { params: { destinationId: removing.destinationId }, query: { expectedVersion: String(removing.version) } }), `${removing.name} removed.`, { settled: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

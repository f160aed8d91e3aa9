'use client';
// Webhook endpoints: where the organization's changes are sent. Each shows whether it is healthy
// (failing since…, or switched off after a day of failures), links to its delivery log, and can
// be edited, switched off and on, or removed. A new endpoint's signing secret is shown once.
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { RelativeTime } from '@/components/audit/relative-time';
import { Card } from '@/components/directory-sync/card';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ShownOnceModal } from '@/components/ui/shown-once-modal';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toaster';
import { useAction } from '@/components/ui/use-action';
import { call } from '@/lib/api/client';
import type { WebhooksScreenView } from '@/lib/screens/webhooks';
import type { WebhookEndpoint } from '@/lib/webhooks';
import { EndpointDialog } from './endpoint-dialog';

function Health({ e, now }: { e: WebhookEndpoint; now: string }) {
  if (!e.enabled) {
    return <span className="text-red-700 dark:text-red-400">Off{e.disabledReason ? `: ${e.disabledReason}` : ''}</span>;
  }
  if (e.failingSince) {
    return (
      <span className="text-amber-700 dark:text-amber-400">
        Failing since <RelativeTime iso={e.failingSince} serverNow={now} />
      </span>
    );
  }
  return <span className="text-emerald-800 dark:text-emerald-300">On</span>;
}

export function WebhooksCard({ view }: { view: WebhooksScreenView }) {
  const router = useRouter();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null);
  const { busy, run } = useAction();
  const full = view.endpoints.length >= view.maxEndpoints;

  // The new secret is shown once, in its own dialog: no toast beside it.
  const rollSecret = (e: WebhookEndpoint) =>
    run(() => call('webhooks.rotateSecret', { params: { endpointId: e.endpointId }, body: { expectedVersion: e.version } }), null, {
      failed: 'Could not roll the secret.',
      then: (rotated) => setSecret(rotated.secret),
      settled: () => setRolling(null),
    });

  const setEnabled = (e: WebhookEndpoint, enabled: boolean) =>
    run(() => call('webhooks.update', { params: { endpointId: e.endpointId }, body: { enabled, expectedVersion: e.version } }), enabled ? 'Endpoint switched on.' : 'Endpoint switched off.');

  return (
    <Card
      id="webhooks"
      title="Webhooks"
      description="Arbor tells these endpoints of every change to units, memberships and invitations, signed so they can check it came from Arbor."
    >
      {view.endpoints.length === 0 ? (
        <EmptyState title="No endpoint yet">Add one to hear of changes as they happen.</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Webhook endpoints">
          {view.endpoints.map((e) => (
            <li key={e.endpointId} className="flex flex-wrap items-start justify-between gap-3 p-3">
              <div className="min-w-0 space-y-1">
                <p className="font-mono text-sm break-all">{e.url}</p>
                {e.description && <p className="text-sm">{e.description}</p>}
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {e.eventTypes.length === 0 ? 'Every event' : e.eventTypes.join(', ')} · secret …{e.secretHint}
                  {e.previousSecretUntil && Date.parse(e.previousSecretUntil) > Date.parse(view.now) && (
                    <> (the old one also signs until <RelativeTime iso={e.previousSecretUntil} serverNow={view.now} />)</>
                  )}{' '}
                  · <Health e={e} now={view.now} />
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Link className="inline-flex h-8 items-center rounded-md px-2 text-sm underline" href={`/settings/webhooks/${e.endpointId}`}>
                  Delivery log
                </Link>
                <Button size="sm" variant="ghost" onClick={() => setEditing(e)} disabled={busy} aria-label={`Edit ${e.url}`}>Edit</Button>
                <Button size="sm" variant="ghost" onClick={() => void setEnabled(e, !e.enabled)} disabled={busy} aria-label={`${e.enabled ? 'Switch off' : 'Switch on'} ${e.url}`}>
                  {e.enabled ? 'Switch off' : 'Switch on'}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRolling(e)} disabled={busy} aria-label={`Roll the secret of ${e.url}`}>Roll secret</Button>
                <Button size="sm" variant="ghost" onClick={() => setRemoving(e)} disabled={busy} aria-label={`Remove ${e.url}`}>Remove</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="primary" onClick={() => setEditing('new')} disabled={full}>Add endpoint</Button>
        {full && <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">An organization can have {view.maxEndpoints} endpoints: remove one first.</p>}
      </div>

      {editing && (
        <EndpointDialog
          open
          endpoint={editing === 'new' ? undefined : editing}
          eventTypes={view.eventTypes}
          onClose={() => setEditing(null)}
          onSaved={(result) => {
            setEditing(null);
            if (result.secret) setSecret(result.secret);
            else toast.success('Endpoint saved.');
            router.refresh();
          }}
        />
      )}
      <ShownOnceModal
        value={secret}
        onClose={() => setSecret(null)}
        title="The endpoint's signing secret"
        description="Copy it now: Arbor shows it only once. Verify each delivery's webhook-signature with it (any Standard Webhooks library does)."
        label="Signing secret"
      />
      <ConfirmDialog
        open={Boolean(rolling)}
        title="Roll this endpoint's signing secret?"
        description="Arbor shows the new secret once. For a day, deliveries are signed with both the old and the new secret, so the receiver can switch without missing one."
        confirmLabel="Roll secret"
        busy={busy}
        onConfirm={() => rolling && void rollSecret(rolling)}
        onCancel={() => setRolling(null)}
      />
      <ConfirmDialog
        open={Boolean(removing)}
        title="Remove this endpoint?"
        description={`${removing?.url ?? ''} stops hearing of changes at once; its delivery log goes with it.`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => removing && void run(() => call('webhooks.delete', { params: { endpointId: removing.endpointId } }), 'Endpoint removed.', { settled: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

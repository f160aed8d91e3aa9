'use client';
// Adds or edits a webhook endpoint: its URL, a description, and the events it hears (none picked
// means every event). Editing is conditioned on the version shown (409 webhook.changed).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { call } from '@/lib/api/client';
import type { WebhookEndpoint, WebhookEventType } from '@/lib/webhooks';

export interface EndpointDialogProps {
  open: boolean;
  /** The endpoint being edited; absent when adding one. */
  endpoint?: WebhookEndpoint;
  eventTypes: { type: WebhookEventType; description: string }[];
  onClose: () => void;
  onSaved: (result: { endpoint: WebhookEndpoint; secret?: string }) => void;
}

export function EndpointDialog({ open, endpoint, eventTypes, onClose, onSaved }: EndpointDialogProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [picked, setPicked] = useState<Set<WebhookEventType>>(new Set(endpoint?.eventTypes ?? []));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function save() {
    setBusy(true);
    setError(undefined);
    const body = { url, description, eventTypes: [...picked] };
    try {
      const result = endpoint
        ? { endpoint: await call('webhooks.update', { params: { endpointId: endpoint.endpointId }, body: { ...body, expectedVersion: endpoint.version } }) }
        : await call('webhooks.create', { body });
      onSaved(result);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not save the endpoint.');
    } finally {
      setBusy(false);
    }
  }

  const toggle = (type: WebhookEventType) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={endpoint ? 'Edit webhook endpoint' : 'Add a webhook endpoint'}
      description="Arbor POSTs each event as JSON, signed by the Standard Webhooks scheme, and retries for more than a day."
      footer={
        <>
          <Button variant="primary" type="submit" form="webhook-endpoint" disabled={busy || !url.trim()}>
            {busy ? 'Saving…' : endpoint ? 'Save' : 'Add endpoint'}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={busy}>Cancel</Button>
        </>
      }
    >
      <form
        id="webhook-endpoint"
        aria-label={endpoint ? 'Edit webhook endpoint' : 'New webhook endpoint'}
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField label="Endpoint URL" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hr.example.com/arbor-events" hint="https:// only." />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} placeholder="HR system" />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Events</legend>
          <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">Pick none to hear every event, including ones added later.</p>
          <div className="grid gap-1 sm:grid-cols-2">
            {eventTypes.map((t) => (
              <label key={t.type} className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" checked={picked.has(t.type)} onChange={() => toggle(t.type)} />
                <span>
                  <code className="text-xs">{t.type}</code>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t.description}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      </form>
    </Modal>
  );
}

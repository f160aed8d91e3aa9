'use client';
// One endpoint's delivery log, newest first: each event's state, the receiver's last answer, and
// its attempts and payload on demand. "Resend" sends the same message again (same webhook-id).
import { useState } from 'react';
import { RelativeTime } from '@/components/audit/relative-time';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { Page } from '@/lib/db/cursor';
import type { Delivery } from '@/lib/webhooks';

const STATE_LABEL: Record<Delivery['state'], string> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Not sent (endpoint off)',
};

function lastAnswer(d: Delivery): string {
  const a = d.attempts[0];
  if (!a) return 'not sent yet';
  return a.status !== undefined ? `HTTP ${a.status}` : (a.error ?? 'no answer');
}

export function DeliveryLog({ endpointId, first, now }: { endpointId: string; first: Page<Delivery>; now: string }) {
  const [items, setItems] = useState(first.items);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [busy, setBusy] = useState<string | null>(null);

  async function more() {
    setBusy('more');
    try {
      const page = await call('webhooks.deliveries', { params: { endpointId }, query: { cursor: cursor! } });
      setItems((current) => [...current, ...page.items]);
      setCursor(page.nextCursor);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not load more deliveries.');
    } finally {
      setBusy(null);
    }
  }

  async function resend(d: Delivery) {
    setBusy(d.messageId);
    try {
      await call('webhooks.resend', { params: { endpointId, messageId: d.messageId } });
      setItems((current) => current.map((x) => (x.messageId === d.messageId ? { ...x, state: 'pending', failures: 0 } : x)));
      toast.success('Queued to send again, with the same webhook-id.');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not resend.');
    } finally {
      setBusy(null);
    }
  }

  if (items.length === 0) return <EmptyState title="Nothing sent yet">Deliveries appear here as changes happen (kept 30 days).</EmptyState>;
  return (
    <div className="space-y-3">
      <DataTable caption="Deliveries" columns={['Event', 'State', 'Last answer', 'When', '']}>
        {items.map((d) => (
          <tr key={d.messageId} className="align-top">
            <td className="px-3 py-2">
              <details>
                <summary className="cursor-pointer">
                  <code className="text-xs">{d.eventType}</code>
                </summary>
                <p className="mt-1 font-mono text-xs text-zinc-600 dark:text-zinc-400">webhook-id: {d.messageId}</p>
                <pre className="mt-1 max-w-xl overflow-x-auto rounded bg-zinc-50 p-2 text-xs dark:bg-zinc-900">{JSON.stringify(JSON.parse(d.payload), null, 2)}</pre>
                <ol className="mt-1 space-y-0.5 text-xs" aria-label="Attempts">
                  {d.attempts.map((a) => (
                    <li key={a.at}>
                      <RelativeTime iso={a.at} serverNow={now} />: {a.status !== undefined ? `HTTP ${a.status}` : a.error} in {Math.round(a.durationMs)} ms
                      {a.response ? ` — ${a.response.slice(0, 200)}` : ''}
                    </li>
                  ))}
                </ol>
              </details>
            </td>
            <td className="px-3 py-2">{STATE_LABEL[d.state]}</td>
            <td className="px-3 py-2">{lastAnswer(d)}</td>
            <td className="px-3 py-2"><RelativeTime iso={d.createdAt} serverNow={now} /></td>
            <td className="px-3 py-2 text-right">
              <Button size="sm" variant="ghost" onClick={() => void resend(d)} disabled={busy !== null} aria-label={`Resend ${d.eventType} ${d.messageId}`}>
                Resend
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      {cursor && (
        <Button variant="ghost" onClick={() => void more()} disabled={busy !== null}>
          {busy === 'more' ? 'Loading…' : 'Older deliveries'}
        </Button>
      )}
    </div>
  );
}

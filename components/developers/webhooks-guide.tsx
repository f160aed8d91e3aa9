// Webhooks in the reference: how Arbor sends each change to an organization's endpoints, how a
// receiver checks a delivery is Arbor's, and the event types it may hear of (lib/webhooks/events).
import { CodeSample, GuideSection, SettingsPointer } from './guide-section';
import { referenceHref } from './reference-model';
import { codeClass } from './rich-text';

export const WEBHOOKS_SECTION = { id: 'webhooks', title: 'Receiving webhooks' } as const;

const code = (text: string) => <code className={codeClass}>{text}</code>;

const PAYLOAD_SAMPLE = JSON.stringify(
  {
    type: 'unit.created',
    timestamp: '2025-01-31T09:30:00.000Z',
    data: {
      organizationId: '01J…',
      actor: { id: '01J…', name: 'Ada Admin', email: 'ada@example.com' },
      target: { type: 'unit', id: '01J…', label: 'Platform' },
      unitId: '01J…',
      after: { name: 'Platform', parentId: '01J…', path: '/01J…/01J…/' },
    },
  },
  null,
  2,
);

/** An event type and when it is sent (lib/webhooks/events.ts, handed down by the page). */
export interface EventTypeInfo {
  type: string;
  description: string;
}

export function WebhooksGuide({ canManage, events }: { canManage: boolean; events: EventTypeInfo[] }) {
  return (
    <GuideSection {...WEBHOOKS_SECTION}>
      <p>
        Arbor tells your systems of changes as they happen: add an endpoint in{' '}
        <SettingsPointer href="/settings/webhooks" label="Webhooks" canOpen={canManage} /> (or with the <a className="underline" href={referenceHref.area('Webhooks')}>Webhooks operations</a>), pick the
        events it hears of (none picked: every event), and Arbor POSTs each one to it as JSON.
      </p>
      <p>
        Deliveries follow <a className="underline" href="https://www.standardwebhooks.com/">Standard Webhooks</a>: each carries {code('webhook-id')},{' '}
        {code('webhook-timestamp')} and {code('webhook-signature')} headers, signed with the endpoint’s secret ({code('whsec_…')}, shown once when
        the endpoint is added). Verify them with any Standard Webhooks library before trusting the body, and answer any 2xx status quickly.
      </p>
      <p>
        A delivery that fails is retried for more than a day; an endpoint failing for a whole day is switched off. The {code('webhook-id')} stays
        the same on every retry and on a resend from the delivery log, so use it to ignore a delivery you already handled.
      </p>
      <CodeSample label="A delivery’s body">{PAYLOAD_SAMPLE}</CodeSample>
      <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
        <table className="table-stack w-full text-sm">
          <caption className="sr-only">Webhook event types</caption>
          <thead className="bg-zinc-50 text-left text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-medium">Event type</th>
              <th scope="col" className="px-3 py-1.5 font-medium">Sent when</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {events.map(({ type, description }) => (
              <tr key={type} className="align-top">
                <td className="px-3 py-1.5 whitespace-nowrap" data-label="Event type">{code(type)}</td>
                <td className="px-3 py-1.5" data-label="Sent when">{description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </GuideSection>
  );
}

// /developers: the reference's front page, rendered on the server from the OpenAPI document: what
// it is (version, number of operations, the document to download), the guide every operation
// shares (base URL, keys, limits, idempotency, errors, webhooks), and the index of the API's
// areas, each of which has its own page of operation cards.
import { ApiGuide } from './api-guide';
import { AreaIndex } from './area-index';
import type { ApiReference } from './reference-model';
import { ReferenceKicker, ReferenceShell } from './reference-shell';
import { RichText } from './rich-text';
import { WebhooksGuide, type EventTypeInfo } from './webhooks-guide';

const pill = 'rounded-full border border-zinc-300 px-2 py-0.5 dark:border-zinc-700';

function ReferenceHeader({ reference }: { reference: ApiReference }) {
  return (
    <>
      <ReferenceKicker>Developers</ReferenceKicker>
      <h1 className="text-2xl font-semibold">API reference</h1>
      {reference.description && <RichText text={reference.description} className="max-w-3xl text-base" />}
      <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
        <span className={pill}>Version {reference.version}</span>
        <span className={pill}>OpenAPI 3.1</span>
        <span className={pill}>{reference.operationCount} operations</span>
        <a
          href="/api/v1/openapi.json"
          download="arbor-openapi.json"
          className="inline-flex h-8 items-center rounded-md bg-emerald-700 px-3 text-sm font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:bg-emerald-600 dark:hover:bg-emerald-500"
        >
          Download openapi.json
        </a>
      </p>
    </>
  );
}

export function ApiReferenceView({ reference, origin, canManage, events }: { reference: ApiReference; origin: string; canManage: boolean; events: EventTypeInfo[] }) {
  return (
    <ReferenceShell reference={reference} current="index" header={<ReferenceHeader reference={reference} />}>
      <ApiGuide reference={reference} origin={origin} canManage={canManage} />
      <WebhooksGuide canManage={canManage} events={events} />
      <AreaIndex reference={reference} />
    </ReferenceShell>
  );
}

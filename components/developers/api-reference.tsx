// The API reference screen, rendered on the server from the OpenAPI document: the guide (base
// URL, keys, limits, idempotency, errors, webhooks), then one section per tag with a card per
// operation, then the schemas they refer to; a table of contents beside it on wide screens.
import { ApiGuide, GUIDE_SECTIONS } from './api-guide';
import { OperationCard } from './operation-card';
import { anchors, type ApiReference } from './reference-model';
import { RichText } from './rich-text';
import { SchemaView } from './schema-view';
import { WEBHOOKS_SECTION, WebhooksGuide, type EventTypeInfo } from './webhooks-guide';

const tocLink = 'block rounded px-2 py-1 text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';
const tocHeading = 'px-2 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400';

function Contents({ reference }: { reference: ApiReference }) {
  const guide = [...GUIDE_SECTIONS, WEBHOOKS_SECTION];
  return (
    <nav aria-label="On this page" className="space-y-4 border-b border-zinc-200 py-4 text-sm lg:sticky lg:top-0 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100dvh-4rem)] lg:self-start lg:overflow-y-auto lg:border-0 lg:py-6 dark:border-zinc-800">
      <div>
        <p className={tocHeading}>Guide</p>
        <ul className="columns-2 sm:columns-3 lg:columns-1">
          {guide.map((s) => (
            <li key={s.id}><a className={tocLink} href={`#${s.id}`}>{s.title}</a></li>
          ))}
        </ul>
      </div>
      <div>
        <p className={tocHeading}>Operations</p>
        <ul className="columns-2 sm:columns-3 lg:columns-1">
          {reference.tags.map((t) => (
            <li key={t.name}>
              <a className={`${tocLink} flex justify-between gap-2`} href={`#${anchors.tag(t.name)}`}>
                {t.name}
                <span aria-hidden="true" className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{t.operations.length}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <ul>
        <li><a className={`${tocLink} font-medium`} href="#schemas">Schemas</a></li>
      </ul>
    </nav>
  );
}

export function ApiReferenceView({ reference, origin, canManage, events }: { reference: ApiReference; origin: string; canManage: boolean; events: EventTypeInfo[] }) {
  return (
    // `relative` keeps the visually hidden captions far down the page inside it: placed against the
    // viewport, they would make the document scroll, and a jump to a section would push the
    // console's header out of view.
    <main className="relative mx-auto max-w-6xl px-4 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
      <header className="min-w-0 space-y-3 border-b border-zinc-200 pt-6 pb-6 lg:col-start-2 dark:border-zinc-800">
        <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">Developers</p>
        <h1 className="text-2xl font-semibold">API reference</h1>
        {reference.description && <RichText text={reference.description} className="max-w-3xl text-base" />}
        <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
          <span className="rounded-full border border-zinc-300 px-2 py-0.5 dark:border-zinc-700">Version {reference.version}</span>
          <span className="rounded-full border border-zinc-300 px-2 py-0.5 dark:border-zinc-700">OpenAPI 3.1</span>
          <span className="rounded-full border border-zinc-300 px-2 py-0.5 dark:border-zinc-700">{reference.operationCount} operations</span>
          <a
            href="/api/v1/openapi.json"
            download="arbor-openapi.json"
            className="inline-flex h-8 items-center rounded-md bg-emerald-700 px-3 text-sm font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:bg-emerald-600 dark:hover:bg-emerald-500"
          >
            Download openapi.json
          </a>
        </p>
      </header>
      <Contents reference={reference} />
      <div className="min-w-0 space-y-10 py-6 lg:col-start-2">
        <ApiGuide reference={reference} origin={origin} canManage={canManage} />
        <WebhooksGuide canManage={canManage} events={events} />

        {reference.tags.map((tag) => {
          const id = anchors.tag(tag.name);
          return (
            <section key={tag.name} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-4">
              <h2 id={`${id}-title`} className="border-b border-zinc-200 pb-2 text-xl font-semibold dark:border-zinc-800">{tag.name}</h2>
              {tag.operations.map((op) => (
                <OperationCard key={op.id} op={op} anchor={anchors.operation(op.id)} />
              ))}
            </section>
          );
        })}

        <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-4 space-y-4">
          <div className="border-b border-zinc-200 pb-2 dark:border-zinc-800">
            <h2 id="schemas-title" className="text-xl font-semibold">Schemas</h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">The objects operations refer to by name.</p>
          </div>
          {reference.schemas.map(([name, schema]) => (
            <div key={name} id={anchors.schema(name)} className="scroll-mt-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
              <h3 className="mb-1 font-mono text-sm font-semibold">{name}</h3>
              <SchemaView schema={schema} />
            </div>
          ))}
        </section>
      </div>
    </main>
  );
}

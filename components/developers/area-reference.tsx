// /developers/<area>: one area of the API (a tag of the document), a card per operation.
import { Link } from '@/components/ui/link';
import { OperationCard } from './operation-card';
import { anchors, referenceHref, type ApiReference, type ReferenceTag } from './reference-model';
import { ReferenceKicker, ReferenceShell } from './reference-shell';
import { RichText } from './rich-text';

export function AreaReferenceView({ reference, area }: { reference: ApiReference; area: ReferenceTag }) {
  const header = (
    <>
      <ReferenceKicker>
        <Link href={referenceHref.index} className="hover:underline">API reference</Link>
      </ReferenceKicker>
      <h1 className="text-2xl font-semibold">{area.name}</h1>
      {area.description && <RichText text={area.description} className="max-w-3xl text-base" />}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {area.operations.length} {area.operations.length === 1 ? 'operation' : 'operations'}. Authentication, rate limits, idempotency and
        errors are described once in the <Link href={referenceHref.index} className="underline">guide</Link>.
      </p>
    </>
  );
  return (
    <ReferenceShell reference={reference} current={area.slug} header={header}>
      <section aria-labelledby="operations-title" className="space-y-4">
        <h2 id="operations-title" className="sr-only">Operations</h2>
        {area.operations.map((op) => (
          <OperationCard key={op.id} op={op} anchor={anchors.operation(op.id)} />
        ))}
      </section>
    </ReferenceShell>
  );
}

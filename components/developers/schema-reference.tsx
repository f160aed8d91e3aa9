// /developers/schemas: every component schema of the document, each once, where every `$ref` of
// the reference links to.
import { Link } from '@/components/ui/link';
import { anchors, referenceHref, SCHEMAS_SLUG, type ApiReference } from './reference-model';
import { ReferenceKicker, ReferenceShell } from './reference-shell';
import { SchemaView } from './schema-view';

export function SchemaReferenceView({ reference }: { reference: ApiReference }) {
  const header = (
    <>
      <ReferenceKicker>
        <Link href={referenceHref.index} className="hover:underline">API reference</Link>
      </ReferenceKicker>
      <h1 className="text-2xl font-semibold">Schemas</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">The objects operations refer to by name.</p>
    </>
  );
  return (
    <ReferenceShell reference={reference} current={SCHEMAS_SLUG} header={header}>
      <div className="space-y-4">
        {reference.schemas.map(([name, schema]) => (
          <div key={name} id={anchors.schema(name)} className="scroll-mt-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <h2 className="mb-1 font-mono text-sm font-semibold">{name}</h2>
            <SchemaView schema={schema} />
          </div>
        ))}
      </div>
    </ReferenceShell>
  );
}

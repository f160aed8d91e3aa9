// The index of the API's areas on /developers: each area (a tag of the document) with its
// description and its operations in a compact list, each linking to its card on the area's page.
import { Link } from '@/components/ui/link';
import { MethodBadge } from './operation-card';
import { anchors, referenceHref, type ApiReference } from './reference-model';
import { RichText } from './rich-text';

export const AREAS_SECTION = { id: 'areas', title: 'Operations by area' } as const;

export function AreaIndex({ reference }: { reference: ApiReference }) {
  return (
    <section id={AREAS_SECTION.id} aria-labelledby={`${AREAS_SECTION.id}-title`} className="scroll-mt-4 space-y-6">
      <div className="border-b border-zinc-200 pb-2 dark:border-zinc-800">
        <h2 id={`${AREAS_SECTION.id}-title`} className="text-lg font-semibold">{AREAS_SECTION.title}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Each area has a page of its own, with every operation’s parameters, body, answers and errors.
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        {reference.tags.map((tag) => {
          const id = anchors.area(tag.name);
          return (
            <section key={tag.slug} id={id} aria-labelledby={`${id}-title`} className="min-w-0 scroll-mt-4 space-y-2">
              <h3 id={`${id}-title`} className="font-semibold">
                <Link href={referenceHref.area(tag.name)} className="hover:underline">{tag.name}</Link>
              </h3>
              {tag.description && <RichText text={tag.description} />}
              <ul className="divide-y divide-zinc-100 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
                {tag.operations.map((op) => (
                  <li key={op.id}>
                    <Link href={referenceHref.operation(tag.name, op.id)} className="flex items-start gap-2 px-2 py-1.5 hover:bg-zinc-50 dark:hover:bg-zinc-900">
                      <MethodBadge method={op.method} />{' '}
                      <span className="min-w-0">
                        <code className="block font-mono text-xs break-all text-zinc-900 dark:text-zinc-100">{op.path}</code>{' '}
                        <span className="block text-zinc-700 dark:text-zinc-300">{op.summary}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}

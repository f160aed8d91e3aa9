// The reference's table of contents, on every page of it: the guide's sections (on /developers),
// every area of the API with its number of operations, and the schemas; the page it is on is
// marked current. A column of its own on wide screens, a block above the page on a phone.
import { Link } from '@/components/ui/link';
import { GUIDE_SECTIONS } from './api-guide';
import { referenceHref, SCHEMAS_SLUG, type ApiReference } from './reference-model';
import { WEBHOOKS_SECTION } from './webhooks-guide';

const tocLink =
  'block rounded px-2 py-1 text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:bg-emerald-50 aria-[current=page]:font-medium aria-[current=page]:text-emerald-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100 dark:aria-[current=page]:bg-emerald-950 dark:aria-[current=page]:text-emerald-200';
const tocHeading = 'px-2 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400';

/** Which page of the reference is open: `index` (the guide), an area's slug, or the schemas' slug. */
export type ReferencePage = string;

export function ReferenceContents({ reference, current }: { reference: ApiReference; current: ReferencePage }) {
  const guide = [...GUIDE_SECTIONS, WEBHOOKS_SECTION];
  const mark = (page: ReferencePage) => (page === current ? ('page' as const) : undefined);
  return (
    <nav aria-label="API reference contents" className="space-y-4 border-b border-zinc-200 py-4 text-sm lg:sticky lg:top-0 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100dvh-4rem)] lg:self-start lg:overflow-y-auto lg:border-0 lg:py-6 dark:border-zinc-800">
      <div>
        <p className={tocHeading}>Guide</p>
        <ul className="columns-2 sm:columns-3 lg:columns-1">
          {guide.map((s) => (
            <li key={s.id}><Link className={tocLink} href={referenceHref.guide(s.id)}>{s.title}</Link></li>
          ))}
        </ul>
      </div>
      <div>
        <p className={tocHeading}>Operations</p>
        <ul className="columns-2 sm:columns-3 lg:columns-1">
          {reference.tags.map((t) => (
            <li key={t.slug}>
              <Link className={`${tocLink} flex justify-between gap-2`} href={referenceHref.area(t.name)} aria-current={mark(t.slug)}>
                {t.name}
                <span aria-hidden="true" className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{t.operations.length}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <ul>
        <li><Link className={`${tocLink} font-medium`} href={referenceHref.schemas} aria-current={mark(SCHEMAS_SLUG)}>Schemas</Link></li>
      </ul>
    </nav>
  );
}

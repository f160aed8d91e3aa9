'use client';
// The console's main navigation (in the header): only the screens the actor may open, decided
// on the server (components/shell/console-header); the current one marked for screen readers.
import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';

export interface ConsoleNavLink {
  href: string;
  label: string;
  /** Shown instead of the label on a phone, where the row has no room for it (the name stays the label). */
  shortLabel?: string;
}

const isCurrent = (pathname: string, href: string) =>
  href === '/'
    ? pathname === '/' || pathname.startsWith('/units')
    : // The reviewer's list sits below /reviews, and is its own entry.
      pathname === href || (pathname.startsWith(`${href}/`) && !(href === '/reviews' && pathname.startsWith('/reviews/to-review')));

export function ConsoleNav({ links }: { links: ConsoleNavLink[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Console">
      <ul className="flex flex-wrap items-center gap-1">
        {links.map((link) => {
          const current = isCurrent(pathname, link.href);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={current ? 'page' : undefined}
                className={`rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-emerald-600 ${current ? 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100' : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100'}`}
              >
                {link.shortLabel ? (
                  <>
                    <span aria-hidden="true" className="sm:hidden">{link.shortLabel}</span>
                    <span className="sr-only sm:not-sr-only">{link.label}</span>
                  </>
                ) : (
                  link.label
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

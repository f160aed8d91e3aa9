'use client';
// The bar at the top of the window from the moment a navigation starts until the new page is on
// screen: a click on a same-origin link (seen in the capture phase, before next/link takes it
// over), Back and Forward, or code that navigates and says so with startNavigationProgress().
// It ends when the address changes (usePathname/useSearchParams), or after MAX_MS whatever
// happens, so a navigation that failed never leaves it running.
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';

const MAX_MS = 20_000;
const starters = new Set<(on: boolean) => void>();

/** For navigations made in code (router.push): shows the bar now, unless `href` is where we are. */
export function startNavigationProgress(href?: string) {
  if (href !== undefined) {
    const to = new URL(href, location.href);
    if (to.pathname === location.pathname && to.search === location.search) return;
  }
  starters.forEach((set) => set(true));
}

/** A navigation started in code that did not happen after all (a refused switch, say). */
export function stopNavigationProgress() {
  starters.forEach((set) => set(false));
}

function isNavigatingClick(e: MouseEvent): boolean {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  const link = (e.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  const to = new URL(link.href, location.href);
  return to.origin === location.origin && !to.pathname.startsWith('/api/') && (to.pathname !== location.pathname || to.search !== location.search);
}

export function NavigationProgress() {
  const pathname = usePathname();
  const search = useSearchParams();
  const [running, setRunning] = useState(false);

  useEffect(() => setRunning(false), [pathname, search]);

  useEffect(() => {
    const start = () => setRunning(true);
    const onClick = (e: MouseEvent) => isNavigatingClick(e) && start();
    starters.add(setRunning);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', start);
    return () => {
      starters.delete(setRunning);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', start);
    };
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setRunning(false), MAX_MS);
    return () => clearTimeout(timer);
  }, [running]);

  if (!running) return null;
  return (
    <div role="progressbar" aria-label="Loading the page" className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5">
      <div className="navigation-progress h-full bg-emerald-600 dark:bg-emerald-400" />
    </div>
  );
}

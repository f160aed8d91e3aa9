'use client';
// "Skip to main content": the first thing the keyboard reaches on every console page (WCAG 2.4.1),
// shown only while focused. It moves focus to the page's <main> past the header and, on the units
// screens, the tree; pages draw their own <main>, so the link finds it rather than an id.
import type { MouseEvent } from 'react';

export function SkipLink() {
  function skip(e: MouseEvent<HTMLAnchorElement>) {
    const main = document.querySelector('main');
    if (!main) return;
    e.preventDefault();
    // Focusable by script only, so a click on the page does not outline it.
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    main.scrollIntoView({ block: 'start' });
  }
  return (
    <a
      href="#main"
      onClick={skip}
      className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-emerald-800 shadow ring-2 ring-emerald-600 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 dark:bg-zinc-900 dark:text-emerald-300"
    >
      Skip to main content
    </a>
  );
}

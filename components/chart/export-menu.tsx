'use client';
// Export what is on screen (the root and the folded cards) as a file: links to the export
// endpoint, which the browser downloads with the session.
import { useRef } from 'react';
import { CHART_LIMITS } from '@/lib/chart';
import { exportHref, foldsFit, type ExportLinkInput } from './export-link';

export function ExportMenu(input: ExportLinkInput) {
  const items = [
    { label: 'SVG', href: exportHref(input, 'svg') },
    { label: 'PNG', href: exportHref(input, 'png') },
    { label: 'PDF (A4)', href: exportHref(input, 'pdf', 'a4') },
    { label: 'PDF (Letter)', href: exportHref(input, 'pdf', 'letter') },
  ];
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={menu} className="relative">
      <summary className="cursor-pointer list-none rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800">
        Export
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-56 rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        {items.map((i) => (
          <li key={i.label}>
            <a href={i.href} download onClick={() => menu.current?.removeAttribute('open')} className="block px-3 py-1.5 hover:bg-zinc-50 dark:hover:bg-zinc-800">{i.label}</a>
          </li>
        ))}
        {!foldsFit(input.collapsed) && (
          <li role="note" className="border-t border-zinc-200 px-3 py-1.5 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            More than {CHART_LIMITS.maxCollapsed} cards are folded, more than an export carries: these files show everything below the top, unfolded. Open the chart on a smaller part to export it folded.
          </li>
        )}
      </ul>
    </details>
  );
}

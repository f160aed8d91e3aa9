'use client';
// Export what is on screen (the root and the folded cards) as a file: links to the export
// endpoint, which the browser downloads with the session.
import { CHART_LIMITS } from '@/lib/chart';

export function ExportMenu({ kind, rootId, collapsed }: { kind: 'units' | 'people'; rootId?: string; collapsed: string[] }) {
  const href = (format: string, paper?: string) => {
    const q = new URLSearchParams({ kind, format });
    if (rootId) q.set('rootId', rootId);
    if (paper) q.set('paper', paper);
    if (collapsed.length) q.set('collapsed', collapsed.slice(0, CHART_LIMITS.maxCollapsed).join(','));
    return `/api/v1/chart/export?${q}`;
  };
  const items = [
    { label: 'SVG', href: href('svg') },
    { label: 'PNG', href: href('png') },
    { label: 'PDF (A4)', href: href('pdf', 'a4') },
    { label: 'PDF (Letter)', href: href('pdf', 'letter') },
  ];
  return (
    <details className="relative">
      <summary className="cursor-pointer list-none rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800">
        Export
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-40 rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        {items.map((i) => (
          <li key={i.label}>
            <a href={i.href} download className="block px-3 py-1.5 hover:bg-zinc-50 dark:hover:bg-zinc-800">{i.label}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}

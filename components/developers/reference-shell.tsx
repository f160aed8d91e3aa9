// The frame of every page of the reference: its header, the table of contents beside the page on
// wide screens (above it on a phone), and the page's own content.
import type { ReactNode } from 'react';
import { ReferenceContents, type ReferencePage } from './reference-contents';
import type { ApiReference } from './reference-model';

export function ReferenceShell({ reference, current, header, children }: { reference: ApiReference; current: ReferencePage; header: ReactNode; children: ReactNode }) {
  return (
    // `relative` keeps the visually hidden captions far down the page inside it: placed against the
    // viewport, they would make the document scroll, and a jump to a section would push the
    // console's header out of view.
    <main className="relative mx-auto max-w-6xl px-4 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
      <header className="min-w-0 space-y-3 border-b border-zinc-200 pt-6 pb-6 lg:col-start-2 dark:border-zinc-800">{header}</header>
      <ReferenceContents reference={reference} current={current} />
      <div className="min-w-0 space-y-10 py-6 lg:col-start-2">{children}</div>
    </main>
  );
}

/** The line above a page's heading: where in the reference the page is. */
export function ReferenceKicker({ children }: { children: ReactNode }) {
  return <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">{children}</p>;
}

// The building blocks of the reference's guide: a titled section others link to by its id, and a
// code sample that wraps instead of scrolling sideways (the console fits a phone's width).
import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';

export function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">{title}</h2>
      <div className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">{children}</div>
    </section>
  );
}

export function CodeSample({ label, children }: { label: string; children: string }) {
  return (
    <figure>
      <figcaption className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</figcaption>
      <pre className="rounded-md bg-zinc-900 p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-zinc-100 dark:bg-zinc-900/80">
        <code>{children}</code>
      </pre>
    </figure>
  );
}

/** A link to a settings screen when the reader may open it, else where an owner or admin finds it. */
export function SettingsPointer({ href, label, canOpen }: { href: string; label: string; canOpen: boolean }) {
  if (canOpen) {
    return (
      <Link href={href} className="font-medium text-emerald-800 underline dark:text-emerald-400">
        Settings → {label}
      </Link>
    );
  }
  return <span className="font-medium">Settings → {label} (owners and admins)</span>;
}

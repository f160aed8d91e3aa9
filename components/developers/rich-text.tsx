// The document's descriptions as the page shows them: a blank line starts a paragraph and
// `backticks` mark code. Nothing else of Markdown is used by the operations' descriptions.

export const codeClass = 'rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200';

/** One line of text with its `code` spans. */
export function InlineText({ text }: { text: string }) {
  // Splitting on a capture group keeps the code spans at the odd indexes.
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className={codeClass}>
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function RichText({ text, className = '' }: { text: string; className?: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className={`space-y-2 text-sm text-zinc-700 dark:text-zinc-300 ${className}`}>
      {paragraphs.map((p, i) => (
        <p key={i}>
          <InlineText text={p} />
        </p>
      ))}
    </div>
  );
}

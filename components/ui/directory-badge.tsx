// Marks a unit or membership that directory sync (SCIM) made and keeps: edits here are allowed,
// but the directory's next sync may put it back the way the rules say.
export const DIRECTORY_MANAGED_HINT = 'Managed by directory sync: changes made here may be undone by the next sync';

export function DirectoryBadge() {
  return (
    <span
      title={DIRECTORY_MANAGED_HINT}
      className="inline-flex shrink-0 rounded border border-sky-300 bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-900 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-200"
    >
      Directory
    </span>
  );
}

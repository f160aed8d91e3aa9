// A member's role as a small coloured label.
const STYLES: Record<string, string> = {
  owner: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  admin: 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-200',
  manager: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  member: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
};

export function RoleBadge({ role }: { role: string }) {
  return <span className={`inline-flex rounded px-1.5 py-0.5 text-xs font-medium ${STYLES[role] ?? STYLES.member}`}>{role}</span>;
}

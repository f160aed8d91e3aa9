// The custom roles a membership holds beside its built-in role, as small labels.
import type { CustomRoleLabel } from '@/lib/screens/unit-members';

export function CustomRoleChips({ roles, label }: { roles: readonly CustomRoleLabel[]; label: string }) {
  if (roles.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap justify-end gap-1">
      {roles.map((r) => (
        <li key={r.key} className="inline-flex rounded border border-emerald-300 bg-emerald-50 px-1.5 py-0.5 text-xs font-medium break-all text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200">
          {r.name}
        </li>
      ))}
    </ul>
  );
}

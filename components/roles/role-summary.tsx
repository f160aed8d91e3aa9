// A custom role read-only, for those who may not change it: what it holds and where it reaches.
import type { CustomRole } from '@/lib/authz/role-catalogue';
import type { RolesScreenView } from '@/lib/screens/roles';
import { permissionLabel } from './permission-label';
import { REACH_WORDS } from './reach-words';

export function RoleSummary({ view, role }: { view: RolesScreenView; role: CustomRole }) {
  return (
    <section aria-label="What the role holds" className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <p className="text-sm"><span className="font-medium">Key</span> <code className="break-all">{role.key}</code></p>
      {role.description && <p className="text-sm break-words">{role.description}</p>}
      <p className="text-sm"><span className="font-medium">Reaches</span> {REACH_WORDS[role.reach].label.toLowerCase()}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="Permissions">
        {role.permissions.map((p) => (
          <li key={p}><code className="text-xs">{p}</code> <span className="text-zinc-600 dark:text-zinc-400">{permissionLabel(p, view.permissions)}</span></li>
        ))}
      </ul>
    </section>
  );
}

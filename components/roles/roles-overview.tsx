// Settings → Roles: the built-in roles (read-only presets), the organization's own roles (each a
// link to its page: who holds it, and for managers its form) and the permissions it defined.
import { Link } from '@/components/ui/link';
import { Card } from '@/components/directory-sync/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RolesScreenView } from '@/lib/screens/roles';
import { REACH_WORDS } from './reach-words';

const LIST = 'divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800';
const MUTED = 'text-xs text-zinc-600 dark:text-zinc-400';
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function RolesOverview({ view }: { view: RolesScreenView }) {
  const full = view.roles.length >= view.limits.rolesPerTenant;
  return (
    <>
      <Card
        id="custom-roles"
        title="Your roles"
        description="Roles your organization defines: a set of permissions, held on a unit and reaching from it. A person holds them beside their built-in role."
      >
        {view.roles.length === 0 ? (
          <EmptyState title="No role of your own yet">
            {view.canManage ? 'Define one to give people exactly the permissions they need, where they need them.' : 'Owners and admins define them.'}
          </EmptyState>
        ) : (
          <ul className={LIST} aria-label="Your roles">
            {view.roles.map((r) => (
              <li key={r.key} className="space-y-1 p-3">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <Link className="font-medium underline-offset-2 hover:underline break-words" href={`/settings/roles/${encodeURIComponent(r.key)}`}>{r.name}</Link>
                  <code className="text-xs break-all">{r.key}</code>
                </p>
                {r.description && <p className="text-sm break-words">{r.description}</p>}
                <p className={MUTED}>{REACH_WORDS[r.reach].label} · {plural(r.permissions.length, 'permission')}</p>
              </li>
            ))}
          </ul>
        )}
        {view.canManage && (
          <div>
            {full ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">An organization can have {view.limits.rolesPerTenant} roles of its own: delete one first.</p>
            ) : (
              <Link className="inline-flex h-9 items-center rounded-md bg-emerald-700 px-3.5 text-sm font-medium text-white hover:bg-emerald-800 dark:bg-emerald-600" href="/settings/roles/new">
                New role
              </Link>
            )}
          </div>
        )}
      </Card>
      <Card id="built-in-roles" title="Built-in roles" description="Every membership holds one of these. They cannot be changed.">
        <ul className={LIST} aria-label="Built-in roles">
          {view.builtIn.map((r) => (
            <li key={r.key} className="p-3">
              <p className="font-medium">{r.name}</p>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">{r.description}</p>
            </li>
          ))}
        </ul>
      </Card>
      <Card
        id="own-permissions"
        title="Your organization's permissions"
        description="Permissions that mean something to your own applications. Arbor stores, assigns and explains them; it never acts on them."
      >
        {view.permissions.length === 0 ? (
          <EmptyState title="None yet">{view.canManage ? 'Add one while you define a role.' : 'Owners and admins add them.'}</EmptyState>
        ) : (
          <ul className={LIST} aria-label="Your organization's permissions">
            {view.permissions.map((p) => (
              <li key={p.key} className="p-3">
                <code className="text-sm break-all">{p.key}</code>
                {p.description && <p className={MUTED}>{p.description}</p>}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

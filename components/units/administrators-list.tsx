// "Who can administer this unit, and why": each person with the membership that gives them the
// power here (a tenant role, a manager role or a custom role on this unit, or on a unit above it).
import { Link } from '@/components/ui/link';
import { CustomRoleChips } from '@/components/roles/custom-role-chips';
import { RoleBadge } from '@/components/ui/role-badge';
import type { AdministratorView, GrantView } from '@/lib/screens/unit-page';

function reason(g: GrantView): string {
  if (g.customRole) return g.direct ? `${g.customRole.name} of this unit` : `${g.customRole.name} of ${g.unitName}, above this unit`;
  if (g.role === 'owner') return 'Owner of the organization';
  if (g.role === 'admin') return 'Admin of the organization';
  return g.direct ? 'Manager of this unit' : `Manager of ${g.unitName}, above this unit`;
}

export function AdministratorsList({ people, unitName }: { people: AdministratorView[]; unitName: string }) {
  return (
    <table className="table-stack w-full text-left text-sm">
      <caption className="sr-only">People who can administer {unitName}, and why</caption>
      <thead className="text-xs text-zinc-600 dark:text-zinc-400">
        <tr>
          <th scope="col" className="py-1.5 pr-3 font-medium">
            Person
          </th>
          <th scope="col" className="py-1.5 pr-3 font-medium">
            Role
          </th>
          <th scope="col" className="py-1.5 font-medium">
            Why
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {people.map((p) => (
          <tr key={p.userId}>
            <td className="py-2 pr-3">
              <Link href={`/members/${p.userId}`} className="font-medium hover:underline">
                {p.name || p.email}
              </Link>
              <div className="text-xs text-zinc-600 dark:text-zinc-400">{p.email}</div>
            </td>
            <td className="py-2 pr-3 align-top">
              {p.grants[0].customRole ? <CustomRoleChips roles={[p.grants[0].customRole]} label="Custom role" /> : <RoleBadge role={p.grants[0].role} />}
            </td>
            <td className="py-2 align-top">
              {reason(p.grants[0])}
              {p.grants.length > 1 && (
                <div className="text-xs text-zinc-600 dark:text-zinc-400">Also: {p.grants.slice(1).map(reason).join('; ')}</div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

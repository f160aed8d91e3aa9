// The people list's rows: a member with their units and roles, joined date and last sign-in, or a
// pending invitation. Without hooks of its own: the first page renders on the server and the
// pages loaded later in the browser, from the same code; only the checkboxes, the invitations'
// controls, links and relative times hydrate.
import { Link } from '@/components/ui/link';
import { RoleBadge } from '@/components/ui/role-badge';
import { RelativeTime } from '@/components/audit/relative-time';
import type { MemberListMember, MemberListRow } from '@/lib/screens/members';
import { InvitationRow } from './invitation-row';
import { SelectPerson } from './people-selection';

export function PeopleRows({ rows, now, mailEnabled }: { rows: MemberListRow[]; now: string; mailEnabled: boolean }) {
  return rows.map((row) =>
    row.kind === 'member' ? <MemberRow key={`m-${row.userId}`} row={row} now={now} /> : <InvitationRow key={`i-${row.id}`} row={row} now={now} mailEnabled={mailEnabled} />,
  );
}

function MemberRow({ row, now }: { row: MemberListMember; now: string }) {
  return (
    <tr>
      <td className="px-3 py-2">
        <SelectPerson userId={row.userId} label={row.name || row.email} />
      </td>
      <td className="px-3 py-2">
        <Link href={`/members/${row.userId}`} className="font-medium hover:underline">
          {row.name || row.email}
        </Link>
      </td>
      <td data-label="Email" className="px-3 py-2 text-zinc-700 dark:text-zinc-300">{row.email}</td>
      <td data-label="Units and roles" className="px-3 py-2 text-zinc-700 dark:text-zinc-300">
        <UnitRoles row={row} />
      </td>
      <td data-label="Joined" className="px-3 py-2 text-zinc-700 dark:text-zinc-300">
        {row.joinedAt ? <time dateTime={row.joinedAt} title={row.joinedAt}>{row.joinedAt.slice(0, 10)}</time> : '—'}
      </td>
      <td data-label="Last sign-in" className="px-3 py-2 text-zinc-700 dark:text-zinc-300">
        {row.lastSignInAt ? <RelativeTime iso={row.lastSignInAt} serverNow={now} /> : 'Never'}
      </td>
      <td className="px-3 py-2" />
    </tr>
  );
}

/** "manager of Cloud, member of Sales +3 more": the units named on the row, the rest counted. */
function UnitRoles({ row }: { row: MemberListMember }) {
  const more = row.units - row.unitRoles.length;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {row.unitRoles.map((u) => (
        <span key={u.unitId} className="inline-flex items-center gap-1">
          <RoleBadge role={u.role} /> of{' '}
          <Link href={`/units/${u.unitId}`} className="hover:underline">{u.unitName}</Link>
        </span>
      ))}
      {more > 0 && (
        <Link href={`/members/${row.userId}`} className="text-zinc-600 underline underline-offset-2 dark:text-zinc-400">
          +{more} more
        </Link>
      )}
    </span>
  );
}

// /members – everyone in the organization, pending invitations flagged, with their units and
// roles; search by name or email, order by email, name or joined date, narrow to a role or a unit.
import { actorContext } from '@/lib/api/with-actor';
import { PEOPLE_SORTS, ROLES, type PeopleSort, type Role } from '@/lib/members';
import { loadMembers } from '@/lib/screens/members';
import { PeopleList } from '@/components/members/people-list';
import { PeopleRows } from '@/components/members/people-rows';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Members – Arbor' };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === 'string' && v ? v : undefined);
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export default async function MembersPage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await actorContext();
  const p = await searchParams;
  // Unknown orders, roles or unit ids in the address are ignored rather than refused.
  const sort = PEOPLE_SORTS.find((s) => s === one(p.sort)) as PeopleSort | undefined;
  const role = ROLES.find((r) => r === one(p.role)) as Role | undefined;
  const unitId = one(p.unit) && ULID.test(one(p.unit)!) ? one(p.unit) : undefined;
  const result = await loadOrRefuse(() => loadMembers(ctx, { q: one(p.q), sort, role, unitId }));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  const { page: { rows, ...page }, ...screen } = result.data;
  const now = new Date().toISOString();
  const members = rows.flatMap((r) => (r.kind === 'member' ? [{ userId: r.userId, label: r.name || r.email }] : []));
  // The rows render here, on the server; the list around them hydrates for its controls.
  return (
    <main className="mx-auto max-w-6xl p-6">
      <PeopleList screen={{ ...screen, page }} members={members} rowCount={rows.length} now={now}>
        <PeopleRows rows={rows} now={now} mailEnabled={screen.mailEnabled} />
      </PeopleList>
    </main>
  );
}

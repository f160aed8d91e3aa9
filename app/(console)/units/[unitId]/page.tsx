// /units/[unitId] – one unit: its place, name, sub-units, members, who administers it, history.
import { notFound } from 'next/navigation';
import { actorContext } from '@/lib/api/with-actor';
import { isArborError } from '@/lib/errors';
import { loadUnitAudit } from '@/lib/screens/audit';
import { loadUnitMembers } from '@/lib/screens/unit-members';
import { loadUnitPage, type UnitPage } from '@/lib/screens/unit-page';
import { AuditList } from '@/components/audit/audit-list';
import { UnitMembersPanel } from '@/components/members/unit-members-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { UnitScreen } from '@/components/units/unit-screen';

export const metadata = { title: 'Units – Arbor' };

export default async function UnitRoute({ params }: { params: Promise<{ unitId: string }> }) {
  const { unitId } = await params;
  const ctx = await actorContext();
  let page: UnitPage;
  try {
    page = await loadUnitPage(ctx, unitId);
  } catch (e) {
    if (isArborError(e) && (e.kind === 'notFound' || e.code === 'unit.badId')) notFound();
    if (isArborError(e) && e.kind === 'forbidden') {
      return (
        <main className="p-6">
          <h1 className="sr-only">No access</h1>
          <EmptyState title="You can't open this unit">{e.message}</EmptyState>
        </main>
      );
    }
    throw e;
  }
  // The panels read with the unit's stored path and version, from the page's own read.
  const [members, history] = await Promise.all([
    page.can.readMembers ? loadUnitMembers(ctx, page.unit) : undefined,
    loadUnitAudit(ctx, page.unit),
  ]);
  return (
    <UnitScreen
      page={page}
      members={members && <UnitMembersPanel key={page.unit.id} {...members} />}
      history={history && <AuditList key={page.unit.id} initial={history} unitId={page.unit.id} title="History" />}
    />
  );
}

// /units/[unitId] – one unit: its place, name, sub-units, members, who administers it, history.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { actorContext } from '@/lib/api/with-actor';
import { isArborError } from '@/lib/errors';
import { loadUnitAudit } from '@/lib/screens/audit';
import { loadUnitMembers } from '@/lib/screens/unit-members';
import { loadUnitPage, type UnitPage } from '@/lib/screens/unit-page';
import { AuditList } from '@/components/audit/audit-list';
import { UnitMembersPanel } from '@/components/members/unit-members-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { UnitScreen } from '@/components/units/unit-screen';

type Props = { params: Promise<{ unitId: string }> };

// The title and the page share one load per request.
const unitPage = cache(async (unitId: string) => {
  const ctx = await actorContext();
  return { ctx, page: await loadUnitPage(ctx, unitId) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  try {
    return { title: `${(await unitPage((await params).unitId)).page.unit.name} – Arbor` };
  } catch {
    return { title: 'Unit – Arbor' };
  }
}

export default async function UnitRoute({ params }: Props) {
  const { unitId } = await params;
  let ctx: Awaited<ReturnType<typeof unitPage>>['ctx'];
  let page: UnitPage;
  try {
    ({ ctx, page } = await unitPage(unitId));
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

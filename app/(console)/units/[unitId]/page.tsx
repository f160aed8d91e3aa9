// /units/[unitId] – one unit: its place, name, sub-units, members, who administers it, history.
// The unit is read before anything is sent, so an unknown, foreign or malformed id answers 404 and
// one outside what the person may see 403 (the status goes out with the first bytes: no loading
// boundary may stream before this page decides). The members and history panels have their own reads and stream in behind skeletons.
import type { Metadata } from 'next';
import { forbidden, notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import { actorContext } from '@/lib/api/with-actor';
import { isArborError } from '@/lib/errors';
import { loadUnitAudit } from '@/lib/screens/audit';
import { loadUnitMembers } from '@/lib/screens/unit-members';
import { loadUnitPage, type UnitPage } from '@/lib/screens/unit-page';
import { UnitMembersPanel } from '@/components/members/unit-members-panel';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';
import { UnitHistory } from '@/components/units/unit-history';
import { UnitScreen } from '@/components/units/unit-screen';

type Props = { params: Promise<{ unitId: string }> };
type Ctx = Awaited<ReturnType<typeof actorContext>>;

// The title and the page share one load per request.
const unitPage = cache(async (unitId: string) => {
  const ctx = await actorContext();
  return { ctx, page: await loadUnitPage(ctx, unitId) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  try {
    return { title: `${(await unitPage((await params).unitId)).page.unit.name} – Arbor` };
  } catch (e) {
    return { title: isArborError(e) && e.kind === 'notFound' ? 'Unit not found – Arbor' : 'Unit – Arbor' };
  }
}

export default async function UnitRoute({ params }: Props) {
  const { unitId } = await params;
  let ctx: Ctx;
  let page: UnitPage;
  try {
    ({ ctx, page } = await unitPage(unitId));
  } catch (e) {
    if (isArborError(e) && (e.kind === 'notFound' || e.code === 'unit.badId')) notFound();
    if (isArborError(e) && e.kind === 'forbidden') forbidden();
    throw e;
  }
  // The panels read with the unit's stored path and version, from the page's own read. Their
  // keys restart them on another unit and must differ: UnitScreen renders them side by side.
  return (
    <UnitScreen
      page={page}
      members={
        page.can.readMembers && (
          <Suspense key={`members-${page.unit.id}`} fallback={<PanelSkeleton rows={4} />}>
            <MembersPanel ctx={ctx} unit={page.unit} />
          </Suspense>
        )
      }
      history={
        page.can.readAudit && (
          <Suspense key={`history-${page.unit.id}`} fallback={<PanelSkeleton rows={3} />}>
            <HistoryPanel ctx={ctx} unit={page.unit} />
          </Suspense>
        )
      }
    />
  );
}

async function MembersPanel({ ctx, unit }: { ctx: Ctx; unit: UnitPage['unit'] }) {
  return <UnitMembersPanel key={unit.id} {...await loadUnitMembers(ctx, unit)} />;
}

async function HistoryPanel({ ctx, unit }: { ctx: Ctx; unit: UnitPage['unit'] }) {
  const history = await loadUnitAudit(ctx, unit);
  return history && <UnitHistory key={unit.id} initial={history} unitId={unit.id} />;
}

function PanelSkeleton({ rows }: { rows: number }) {
  return (
    <div className="space-y-3">
      <Skeleton className="h-6 w-32" />
      <SkeletonRows rows={rows} />
    </div>
  );
}

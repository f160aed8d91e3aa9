// /members/[userId] – one person's units and roles (T8), with role changes and removal.
// Nothing is sent before the person is found: someone not in this organization, or an id of the
// wrong shape, answers 404 (a loading boundary would have sent 200 first). The wait is the one
// Query that also decides whether the person is here, so a skeleton would not shorten it.
import { notFound } from 'next/navigation';
import { actorContext } from '@/lib/api/with-actor';
import { isArborError } from '@/lib/errors';
import { loadMemberPage } from '@/lib/screens/member-page';
import { loadLine } from '@/lib/screens/reporting-lines';
import { MemberProfile } from '@/components/members/member-profile';
import { ReportingLinePanel } from '@/components/members/reporting-line-panel';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Member – Arbor' };

export default async function MemberPage({ params }: { params: Promise<{ userId: string }> }) {
  const ctx = await actorContext();
  const { userId } = await params;
  const result = await loadOrRefuse(() =>
    loadMemberPage(ctx, userId).catch((e: unknown) => {
      if (isArborError(e) && (e.kind === 'notFound' || e.kind === 'invalid')) notFound();
      throw e;
    }),
  );
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  const view = result.data;
  // The reporting line is read beside the memberships; the page stands without it if refused.
  const line = await loadLine(ctx, userId).catch(() => null);
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-6">
      <MemberProfile view={view} canPlace={view.canPlace} />
      {line && <ReportingLinePanel who={view.user.name || view.user.email} manager={line.manager} reports={line.reports} placeUnitId={view.memberships[0]?.unitId} />}
    </main>
  );
}

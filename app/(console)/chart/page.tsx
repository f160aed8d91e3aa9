// /chart?view=units|people&root=<id>&focus=<id>: the organization as a picture. A root the
// person may not see answers 403, an unknown or foreign one 404, as the unit page does.
import type { Metadata } from 'next';
import { forbidden, notFound } from 'next/navigation';
import { actorContext } from '@/lib/api/with-actor';
import { isArborError } from '@/lib/errors';
import { loadChartScreen, type ChartScreen } from '@/lib/screens/chart';
import { OrgChart } from '@/components/chart/org-chart';

export const metadata: Metadata = { title: 'Chart – Arbor' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ChartRoute({ searchParams }: Props) {
  const params = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const ctx = await actorContext();
  let screen: ChartScreen;
  try {
    screen = await loadChartScreen(ctx, { view: one(params.view), root: one(params.root), focus: one(params.focus) });
  } catch (e) {
    if (isArborError(e) && (e.kind === 'notFound' || e.code === 'unit.badId')) notFound();
    if (isArborError(e) && e.kind === 'forbidden') forbidden();
    // Too large for one chart: the message says where to start instead.
    if (isArborError(e) && (e.code === 'chart.tooLarge' || e.code === 'chart.tooManyPeople' || e.code === 'reportingLine.tooMany')) {
      return <main className="p-6"><p role="alert" className="text-sm text-zinc-700 dark:text-zinc-300">{e.message}</p></main>;
    }
    throw e;
  }
  // A new root or view starts a fresh chart (what is folded belongs to the tree it was folded in).
  return <OrgChart key={`${screen.view}:${screen.view === 'units' ? screen.chart.rootId : ''}`} screen={screen} />;
}

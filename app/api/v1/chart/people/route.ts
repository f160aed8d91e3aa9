// GET /api/v1/chart/people?rootUserId= – who reports to whom among the people the caller may see
// (members.list for owners and admins, else members.read on each of their top units)
import { withActor } from '@/lib/api/with-actor';
import { chart } from '@/lib/api/operations/chart';
import { loadPeopleChart } from '@/lib/chart/server';

export const GET = withActor(chart.people, async ({ db, actor, query, authorize }) =>
  loadPeopleChart(db, actor, { rootUserId: query.rootUserId, authorize }),
);

// The bench's App Router floor for the check API: the least a route handler of this app can be.
// The checks section copies it into its private build as app/bench-floor-api/[unitId]/route.ts
// (never part of the product): the tenant-scoped client and ONE strongly consistent GetItem of
// the unit (T2), as the bare floor server's `/get`, answered as JSON; no key, no decision.
import { getUnit } from '@/lib/org';
import { tenantDb } from '@/lib/tenancy';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ unitId: string }> }) {
  const { unitId } = await params;
  const tenantId = new URL(request.url).searchParams.get('tenant') ?? '';
  const unit = await getUnit(await tenantDb(tenantId), unitId);
  return Response.json({ item: unit ?? null }, { status: unit ? 200 : 404 });
}

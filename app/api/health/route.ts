// GET /api/health – readiness, as /api/health/ready (kept for load balancers configured before the
// two were separated): 200 when this instance can read platform and tenant items, else 503 naming
// the failed check (lib/health).
import { readinessResponse } from '@/lib/health';
import { withRequestLog } from '@/lib/observability';

export const dynamic = 'force-dynamic';

export const GET = withRequestLog(() => readinessResponse(), { level: 'debug' });

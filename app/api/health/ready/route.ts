// GET /api/health/ready – readiness for the load balancer: one platform read and one tenant-scoped
// read of items that never exist; 503 naming the failed check (lib/health).
import { readinessResponse } from '@/lib/health';
import { withRequestLog } from '@/lib/observability';

export const dynamic = 'force-dynamic';

export const GET = withRequestLog(() => readinessResponse(), { level: 'debug' });

// GET /api/health/live – liveness for the container platform: the process answers. Reads nothing,
// so an outage of DynamoDB or STS never gets healthy instances restarted (lib/health).
import { livenessResponse } from '@/lib/health';
import { withRequestLog } from '@/lib/observability';

export const dynamic = 'force-dynamic';

export const GET = withRequestLog(() => livenessResponse(), { level: 'debug' });

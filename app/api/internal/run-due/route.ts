// POST /api/internal/run-due – the scheduler's wake-up (EventBridge every minute in production, the
// local stack's scheduler locally): starts the change sets now due and resumes runs whose runner
// stopped, each with its tenant's scoped credentials; then the organizations whose deletion is due
// (or whose deletion job stopped): their own items with their scoped credentials, their platform
// items with the runtime's (lib/offboarding); and access reviews' schedules, reminders and deadlines
// (lib/access-reviews). A bearer token only; no actor, no tenant.
import { afterAnswer } from '@/lib/api/after-answer';
import { config } from '@/lib/config';
import { errorResponse } from '@/lib/errors/http';
import { withRequestLog } from '@/lib/observability';
import { rateLimitsBeside, runDueTenantDeletions } from '@/lib/offboarding';
import { runDueChangeSets } from '@/lib/change-sets';
import { runDueReviews } from '@/lib/access-reviews';
import { wakeUpNotFound } from '@/lib/change-sets/errors';
import { sameSecret } from '@/lib/security/digest';
import { platformDb, tenantDb } from '@/lib/tenancy';

export const POST = withRequestLog(async (request: Request): Promise<Response> => {
  const token = config().ARBOR_SCHEDULER_TOKEN;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  // Without a token configured the wake-up does not exist; a wrong one learns nothing more.
  if (!token || !given || !sameSecret(given, token)) return errorResponse(wakeUpNotFound());
  const taken = await runDueChangeSets({ platform: platformDb(), tenantDb: (t) => tenantDb(t), background: afterAnswer });
  const deletions = await runDueTenantDeletions({
    platform: platformDb(), tenantDb: (t) => tenantDb(t), rateLimits: rateLimitsBeside(platformDb()), background: afterAnswer,
  });
  const reviews = await runDueReviews(platformDb(), (t) => tenantDb(t));
  return Response.json({ taken, deletions, reviews });
});

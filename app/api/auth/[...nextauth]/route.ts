// GET/POST /api/auth/* – next-auth (sign-in start, IdP callback, CSRF), with the tenant's SSO
// connection chosen per request: see lib/auth/route-handler.ts and docs/sso.md.
import { handleAuthRequest } from '@/lib/auth/route-handler';
import { withRequestLog } from '@/lib/observability';

export const dynamic = 'force-dynamic';

const handle = withRequestLog(handleAuthRequest);
export { handle as GET, handle as POST };

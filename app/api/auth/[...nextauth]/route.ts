// GET/POST /api/auth/* – next-auth (sign-in start, IdP callback, CSRF), with the tenant's SSO
// connection chosen per request: see lib/auth/route-handler.ts and docs/sso.md.
import { handleAuthRequest } from '@/lib/auth/route-handler';

export const dynamic = 'force-dynamic';

export { handleAuthRequest as GET, handleAuthRequest as POST };

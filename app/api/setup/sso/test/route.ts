// POST /api/setup/sso/test – start a Test connection from a setup link's page (back to /setup)
import { beginTestSignIn } from '@/lib/auth/test-sign-in';
import { withSetupSession } from '@/lib/setup-links';

export const POST = withSetupSession({}, async ({ session }) => beginTestSignIn(session.tenantId, (testId) => `/setup?test=${testId}`));

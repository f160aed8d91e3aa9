// POST /api/setup/sso/test – start a Test connection from a setup link's page (back to /setup)
import { beginTestSignIn } from '@/lib/auth/test-sign-in';
import { setup } from '@/lib/api/operations/setup';
import { withSetupSession } from '@/lib/api/setup-entry';

export const POST = withSetupSession(setup.test, async ({ session }) => beginTestSignIn(session.tenantId, (testId) => `/setup?test=${testId}`));

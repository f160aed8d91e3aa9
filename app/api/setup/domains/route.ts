// GET /api/setup/domains – the organization's domains, for a setup link's page
// POST /api/setup/domains – add one; it waits for its TXT record
import { addDomain } from '@/lib/domains';
import { loadSsoScreen } from '@/lib/screens/sso';
import { withSetupSession } from '@/lib/setup-links';
import { domainBody } from '@/lib/sso';

export const GET = withSetupSession({}, async ({ session }) => ({ domains: (await loadSsoScreen(session.db)).domains }));

export const POST = withSetupSession({ body: domainBody, status: 201 }, async ({ session, body }) => {
  await addDomain(session.db, session.actor, body.domain);
  return { domains: (await loadSsoScreen(session.db)).domains };
});

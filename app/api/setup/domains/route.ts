// GET /api/setup/domains – the organization's domains, for a setup link's page
// POST /api/setup/domains – add one; it waits for its TXT record
import { addDomain } from '@/lib/domains';
import { loadSsoScreen } from '@/lib/screens/sso';
import { setup } from '@/lib/api/operations/setup';
import { withSetupSession } from '@/lib/api/setup-entry';

export const GET = withSetupSession(setup.listDomains, async ({ session }) => ({ domains: (await loadSsoScreen(session.db)).domains }));

export const POST = withSetupSession(setup.addDomain, async ({ session, body }) => {
  await addDomain(session.db, session.actor, body.domain);
  return { domains: (await loadSsoScreen(session.db)).domains };
});

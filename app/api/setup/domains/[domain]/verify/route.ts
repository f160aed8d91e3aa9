// POST /api/setup/domains/<domain>/verify – look the TXT record up now, from a setup link's page
import { verifyDomain } from '@/lib/domains';
import { setup } from '@/lib/api/operations/setup';
import { withSetupSession } from '@/lib/api/setup-entry';

export const POST = withSetupSession(setup.verifyDomain, async ({ session, params }) => {
  const record = await verifyDomain(session.db, session.actor, params.domain);
  return { domain: record.domain, status: record.status };
});

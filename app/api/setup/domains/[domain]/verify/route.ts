// POST /api/setup/domains/<domain>/verify – look the TXT record up now, from a setup link's page
import { z } from 'zod';
import { verifyDomain } from '@/lib/domains';
import { withSetupSession } from '@/lib/setup-links';
import { field } from '@/lib/validation';

export const POST = withSetupSession({ params: z.object({ domain: field.text(253) }) }, async ({ session, params }) => {
  const record = await verifyDomain(session.db, session.actor, params.domain);
  return { domain: record.domain, status: record.status };
});

// DELETE /api/setup/domains/<domain> – remove a domain from a setup link's page
import { z } from 'zod';
import { removeDomain } from '@/lib/domains';
import { withSetupSession } from '@/lib/setup-links';
import { field } from '@/lib/validation';

export const DELETE = withSetupSession({ params: z.object({ domain: field.text(253) }) }, async ({ session, params }) => {
  await removeDomain(session.db, session.actor, params.domain);
  return { removed: params.domain };
});

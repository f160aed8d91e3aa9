// DELETE /api/setup/domains/<domain> – remove a domain from a setup link's page
import { removeDomain } from '@/lib/domains';
import { setup } from '@/lib/api/operations/setup';
import { withSetupSession } from '@/lib/api/setup-entry';

export const DELETE = withSetupSession(setup.removeDomain, async ({ session, params }) => {
  await removeDomain(session.db, session.actor, params.domain);
  return { removed: params.domain };
});

// GET /api/v1/settings/domains – the organization's email domains: verified, failing their
// re-check, or waiting for their DNS record (with the TXT record to publish)
// POST /api/v1/settings/domains – add a domain; it waits for its TXT record
import { withActor } from '@/lib/api/with-actor';
import { sso } from '@/lib/api/operations/sso';
import { addDomain } from '@/lib/domains';
import { loadSsoScreen } from '@/lib/screens/sso';

export const GET = withActor(sso.listDomains, async ({ db, authorize }) => {
  authorize('sso.manage', {});
  return { domains: (await loadSsoScreen(db)).domains };
});

export const POST = withActor(sso.addDomain, async ({ db, actor, body, authorize }) => {
  authorize('sso.manage', {});
  await addDomain(db, actor, body.domain);
  return { domains: (await loadSsoScreen(db)).domains };
});

// GET /api/v1/settings/domains – the organization's email domains: verified, failing their
// re-check, or waiting for their DNS record (with the TXT record to publish)
// POST /api/v1/settings/domains – add a domain; it waits for its TXT record
import { withActor } from '@/lib/api/with-actor';
import { addDomain } from '@/lib/domains';
import { loadSsoScreen } from '@/lib/screens/sso';
import { domainBody } from '@/lib/sso';

export const GET = withActor({}, async ({ db, authorize }) => {
  authorize('sso.manage', {});
  return { domains: (await loadSsoScreen(db)).domains };
});

export const POST = withActor({ body: domainBody, status: 201 }, async ({ db, actor, body, authorize }) => {
  authorize('sso.manage', {});
  await addDomain(db, actor, body.domain);
  return { domains: (await loadSsoScreen(db)).domains };
});

// POST /api/v1/settings/domains/<domain>/verify – look the domain's TXT record up now; found,
// the domain is the organization's and its people sign in through its connection
import { withActor } from '@/lib/api/with-actor';
import { sso } from '@/lib/api/operations/sso';
import { verifyDomain } from '@/lib/domains';

export const POST = withActor(sso.verifyDomain, async ({ db, actor, params, authorize }) => {
  authorize('sso.manage', {});
  const record = await verifyDomain(db, actor, params.domain);
  return { domain: record.domain, status: record.status };
});

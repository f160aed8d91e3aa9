// GET /api/v1/settings/setup-links – the organization's setup links (never their secret)
// POST /api/v1/settings/setup-links – create one for an IT admin; its URL is in this answer only
import { withActor } from '@/lib/api/with-actor';
import { settings } from '@/lib/api/operations/settings';
import { setupLinkViews } from '@/lib/screens/setup-links';
import { createSetupLink, listSetupLinks } from '@/lib/setup-links';
import { platformDb } from '@/lib/tenancy';

export const GET = withActor(settings.listSetupLinks, async ({ db, authorize }) => {
  authorize('sso.manage', {});
  return { links: setupLinkViews(await listSetupLinks(db)) };
});

export const POST = withActor(settings.createSetupLink, async ({ db, actor, body, authorize }) => {
  authorize('sso.manage', {});
  const { url, link } = await createSetupLink(db, platformDb(), actor, body);
  return { url, link: setupLinkViews([link])[0] };
});

// GET /api/v1/settings/setup-links – the organization's setup links (never their secret)
// POST /api/v1/settings/setup-links – create one for an IT admin; its URL is in this answer only
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { setupLinkViews } from '@/lib/screens/setup-links';
import { createSetupLink, listSetupLinks } from '@/lib/setup-links';
import { platformDb } from '@/lib/tenancy';
import { field } from '@/lib/validation';

export const GET = withActor({}, async ({ db, authorize }) => {
  authorize('sso.manage', {});
  return { links: setupLinkViews(await listSetupLinks(db)) };
});

export const POST = withActor({ body: z.strictObject({ label: field.text(240), days: z.int().optional() }), status: 201 }, async ({ db, actor, body, authorize }) => {
  authorize('sso.manage', {});
  const { url, link } = await createSetupLink(db, platformDb(), actor, body);
  return { url, link: setupLinkViews([link])[0] };
});

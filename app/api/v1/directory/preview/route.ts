// POST /api/v1/directory/preview – what the given rules would create, add, change and remove
// (nothing is written), and the rules' version to enable them with
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { previewDirectoryRules, PROVIDERS, validateRules, type Provider } from '@/lib/scim';

const provider = z.enum(Object.keys(PROVIDERS) as [Provider, ...Provider[]]);

export const POST = withActor({ body: z.strictObject({ provider, rules: z.unknown() }) }, async (ctx) => {
  ctx.authorize('sso.manage', {});
  return { preview: await previewDirectoryRules(ctx.db, { provider: ctx.body.provider, rules: validateRules(ctx.body.rules) }) };
});

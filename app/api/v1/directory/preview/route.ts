// POST /api/v1/directory/preview – what the given rules would create, add, change and remove
// (nothing is written), and the rules' version to enable them with
import { withActor } from '@/lib/api/with-actor';
import { directory } from '@/lib/api/operations/directory';
import { readRoleCatalogue } from '@/lib/roles';
import { previewDirectoryRules, validateRules } from '@/lib/scim';

export const POST = withActor(directory.preview, async (ctx) => {
  ctx.authorize('sso.manage', {});
  const rules = validateRules(ctx.body.rules, await readRoleCatalogue(ctx.db));
  return { preview: await previewDirectoryRules(ctx.db, { provider: ctx.body.provider, rules }) };
});

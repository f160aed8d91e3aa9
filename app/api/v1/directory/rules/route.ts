// PUT /api/v1/directory/rules – save the provider and the rules that place directory people,
// conditioned on the version the admin previewed (a change meanwhile answers directory.rulesChanged)
import { withActor } from '@/lib/api/with-actor';
import { directory } from '@/lib/api/operations/directory';
import { authorizeRuleRoles, saveDirectoryConfig, validateRules } from '@/lib/scim';

export const PUT = withActor(directory.saveRules, async (ctx) => {
  ctx.authorize('sso.manage', {});
  const catalogue = await ctx.roleCatalogue();
  const rules = validateRules(ctx.body.rules, catalogue);
  await authorizeRuleRoles(ctx.db, rules, catalogue, ctx.authorize);
  return { config: await saveDirectoryConfig(ctx.db, ctx.actor, { provider: ctx.body.provider, rules, expectedVersion: ctx.body.expectedVersion }) };
});

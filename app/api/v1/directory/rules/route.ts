// PUT /api/v1/directory/rules – save the provider and the rules that place directory people,
// conditioned on the version the admin previewed (a change meanwhile answers directory.rulesChanged)
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { PROVIDERS, saveDirectoryConfig, validateRules, type Provider } from '@/lib/scim';

const provider = z.enum(Object.keys(PROVIDERS) as [Provider, ...Provider[]]);

export const PUT = withActor(
  { body: z.strictObject({ provider, rules: z.unknown(), expectedVersion: z.int().min(0, 'must be 0 or more') }) },
  async (ctx) => {
    ctx.authorize('sso.manage', {});
    const rules = validateRules(ctx.body.rules);
    return { config: await saveDirectoryConfig(ctx.db, ctx.actor, { provider: ctx.body.provider, rules, expectedVersion: ctx.body.expectedVersion }) };
  },
);

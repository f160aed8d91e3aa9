// GET /api/v1/api-keys – the organization's API keys, with their last use
// POST /api/v1/api-keys – create a key acting as a role on a unit; the secret is in this answer only
import { withActor } from '@/lib/api/with-actor';
import { apiKeys } from '@/lib/api/operations/api-keys';
import { createApiKey } from '@/lib/api-keys';
import { getUnitOrThrow } from '@/lib/org';
import { loadApiKeys, toApiKeyView } from '@/lib/screens/api-keys';
import { platformDb } from '@/lib/tenancy';

export const GET = withActor(apiKeys.list, async (ctx) => ({ keys: await loadApiKeys(ctx) }));

export const POST = withActor(apiKeys.create, async (ctx) => {
  ctx.authorize('integrations.manage', {});
  const unit = await getUnitOrThrow(ctx.db, ctx.body.unitId);
  // The unit's path is a fact of the decision: a key is never scoped to a unit that moved meanwhile.
  ctx.authorize('tree.read', { unit });
  const { secret, key } = await createApiKey({ tenant: ctx.db, platform: platformDb() }, { ...ctx.body, unit, actor: ctx.actor });
  return { secret, key: toApiKeyView(key, unit.name) };
});

// DELETE /api/v1/api-keys/[keyId] – revoke a key: it stops working at once
import { withActor } from '@/lib/api/with-actor';
import { apiKeys } from '@/lib/api/operations/api-keys';
import { revokeApiKey } from '@/lib/api-keys';
import { platformDb } from '@/lib/tenancy';

export const DELETE = withActor(apiKeys.revoke, async (ctx) => {
  ctx.authorize('integrations.manage', {});
  await revokeApiKey({ tenant: ctx.db, platform: platformDb() }, { keyId: ctx.params.keyId, actor: ctx.actor });
});

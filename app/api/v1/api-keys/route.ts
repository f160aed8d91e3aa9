// GET /api/v1/api-keys – the organization's API keys, with their last use
// POST /api/v1/api-keys – create a key acting as a role (and any custom roles) on a unit; the
// secret is in this answer only
import { withActor } from '@/lib/api/with-actor';
import { apiKeys } from '@/lib/api/operations/api-keys';
import { badApiKeyRoles, createApiKey } from '@/lib/api-keys';
import { getUnitOrThrow } from '@/lib/org';
import { customRolesNamed } from '@/lib/roles';
import { loadApiKeys, toApiKeyView } from '@/lib/screens/api-keys';
import { platformDb } from '@/lib/tenancy';

/** Who a `role.assign` decision for a new key names: the key has no id yet. */
const NEW_API_KEY = 'new-api-key';

export const GET = withActor(apiKeys.list, async (ctx) => ({ keys: await loadApiKeys(ctx) }));

export const POST = withActor(apiKeys.create, async (ctx) => {
  ctx.authorize('integrations.manage', {});
  const unit = await getUnitOrThrow(ctx.db, ctx.body.unitId);
  // The unit's path is a fact of the decision: a key is never scoped to a unit that moved meanwhile.
  ctx.authorize('tree.read', { unit });
  // Nobody grants what they do not hold: each custom role is decided as giving it on the unit.
  if (ctx.body.roles?.length) await ctx.roleCatalogue();
  const roles = await customRolesNamed(ctx.db, ctx.body.roles, badApiKeyRoles);
  for (const role of roles) ctx.authorize('role.assign', { unit, userId: NEW_API_KEY, role });
  const { secret, key } = await createApiKey({ tenant: ctx.db, platform: platformDb() }, { ...ctx.body, roles: roles.map((r) => r.key), unit, actor: ctx.actor });
  return { secret, key: toApiKeyView(key, unit.name) };
});

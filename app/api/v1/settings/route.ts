// PATCH /api/v1/settings – rename the organization (version read sent back); the platform
// registry's copy (tenant switcher) follows with platform credentials
import { withActor } from '@/lib/api/with-actor';
import { settings } from '@/lib/api/operations/settings';
import { platformDb } from '@/lib/tenancy';
import { renameTenant, renameTenantRegistryEntry } from '@/lib/tenants';

export const PATCH = withActor(settings.renameOrganization, async (ctx) => {
  ctx.authorize('tenant.settings.update', {});
  const renamed = await renameTenant(ctx.db, ctx.actor, ctx.body);
  // The tenant's own item is the truth; the registry copy is repaired by the next rename if
  // this second write fails (the error still reaches the person).
  await renameTenantRegistryEntry(platformDb(), ctx.actor.tenantId, renamed.name);
  return { name: renamed.name, version: renamed.version };
});

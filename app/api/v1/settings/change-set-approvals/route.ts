// PATCH /api/v1/settings/change-set-approvals – whether owners' approvals of their own change sets count (version read sent back)
import { withActor } from '@/lib/api/with-actor';
import { settings } from '@/lib/api/operations/settings';
import { setOwnersApproveOwnChangeSets } from '@/lib/tenants';

export const PATCH = withActor(settings.setChangeSetApproval, async (ctx) => {
  ctx.authorize('tenant.settings.update', {});
  const saved = await setOwnersApproveOwnChangeSets(ctx.db, ctx.actor, ctx.body);
  return { ownersApproveOwnChangeSets: saved.ownersApproveOwnChangeSets, version: saved.version };
});

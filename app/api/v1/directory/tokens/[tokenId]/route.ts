// DELETE /api/v1/directory/tokens/[tokenId] – revoke a directory token (it stops working at once)
import { withActor } from '@/lib/api/with-actor';
import { directory } from '@/lib/api/operations/directory';
import { revokeScimToken } from '@/lib/scim';
import { directoryScope } from '@/lib/screens/directory';

export const DELETE = withActor(directory.revokeToken, async (ctx) => {
  ctx.authorize('sso.manage', {});
  await revokeScimToken(directoryScope(ctx), { tokenId: ctx.params.tokenId, actor: ctx.actor });
});

// DELETE /api/v1/directory/tokens/[tokenId] – revoke a directory token (it stops working at once)
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { revokeScimToken } from '@/lib/scim';
import { directoryScope } from '@/lib/screens/directory';

export const DELETE = withActor({ params: z.object({ tokenId: field.id('token') }), body: z.strictObject({}).optional() }, async (ctx) => {
  ctx.authorize('sso.manage', {});
  await revokeScimToken(directoryScope(ctx), { tokenId: ctx.params.tokenId, actor: ctx.actor });
});

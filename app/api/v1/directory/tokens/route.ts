// GET /api/v1/directory/tokens – the organization's directory (SCIM) tokens, with their last use
// POST /api/v1/directory/tokens – create a token; the secret is in this answer and nowhere else
import { withActor } from '@/lib/api/with-actor';
import { directory } from '@/lib/api/operations/directory';
import { createScimToken } from '@/lib/scim';
import { directoryScope, listDirectoryTokens } from '@/lib/screens/directory';

export const GET = withActor(directory.listTokens, async (ctx) => ({ tokens: await listDirectoryTokens(ctx) }));

export const POST = withActor(directory.createToken, async (ctx) => {
  ctx.authorize('sso.manage', {});
  return createScimToken(directoryScope(ctx), { label: ctx.body.label, actor: ctx.actor });
});

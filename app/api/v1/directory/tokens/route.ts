// GET /api/v1/directory/tokens – the organization's directory (SCIM) tokens, with their last use
// POST /api/v1/directory/tokens – create a token; the secret is in this answer and nowhere else
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { createScimToken } from '@/lib/scim';
import { directoryScope, listDirectoryTokens } from '@/lib/screens/directory';

export const GET = withActor({}, async (ctx) => ({ tokens: await listDirectoryTokens(ctx) }));

export const POST = withActor(
  { body: z.strictObject({ label: field.text(240) }), status: 201 },
  async (ctx) => {
    ctx.authorize('sso.manage', {});
    return createScimToken(directoryScope(ctx), { label: ctx.body.label, actor: ctx.actor });
  },
);

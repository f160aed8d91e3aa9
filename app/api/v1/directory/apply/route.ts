// POST /api/v1/directory/apply – place one page of directory people by the saved rules (the
// version enabled); the console calls it again with nextCursor until none is left
import { withActor } from '@/lib/api/with-actor';
import { directory } from '@/lib/api/operations/directory';
import { applyDirectoryRules } from '@/lib/scim';

export const POST = withActor(directory.apply, async (ctx) => {
  ctx.authorize('sso.manage', {});
  return applyDirectoryRules(ctx.db, { expectedVersion: ctx.body.expectedVersion, cursor: ctx.body.cursor });
});

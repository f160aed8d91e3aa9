// POST /api/v1/directory/apply – place one page of directory people by the saved rules (the
// version enabled); the console calls it again with nextCursor until none is left
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { applyDirectoryRules } from '@/lib/scim';

export const POST = withActor({ body: z.strictObject({ expectedVersion: field.version, cursor: field.cursor.optional() }) }, async (ctx) => {
  ctx.authorize('sso.manage', {});
  return applyDirectoryRules(ctx.db, { expectedVersion: ctx.body.expectedVersion, cursor: ctx.body.cursor });
});

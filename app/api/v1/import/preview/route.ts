// POST /api/v1/import/preview – check a units or memberships CSV against the organization and
// answer per-row results and the planned writes; writes nothing
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { MAX_IMPORT_BYTES, previewImport } from '@/lib/bulk';
import { platformDb } from '@/lib/tenancy';

export const POST = withActor(
  {
    body: z.strictObject({ kind: z.enum(['units', 'memberships']), csv: z.string().max(MAX_IMPORT_BYTES) }),
    // JSON escaping can double a CSV's size (quotes); the CSV's own limit is checked after parsing.
    maxBodyBytes: 2 * MAX_IMPORT_BYTES + 1024,
  },
  async (ctx) => {
    ctx.authorize('tenant.import', {});
    // P1 reads: can the people new to the organization sign in here at all?
    return previewImport(ctx.db, ctx.actor, ctx.body.kind, ctx.body.csv, platformDb());
  },
);

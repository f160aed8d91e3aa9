// GET /api/v1/audit?unitId=&cursor= – a page of the organization's history, or one unit's
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { getUnitOrThrow } from '@/lib/org';
import { auditPage } from '@/lib/screens/audit';

export const GET = withActor(
  { query: z.object({ unitId: field.id('unit').optional(), cursor: field.cursor.optional() }) },
  async (ctx) => {
    const unit = ctx.query.unitId ? await getUnitOrThrow(ctx.db, ctx.query.unitId) : undefined;
    return auditPage(ctx, { unit, cursor: ctx.query.cursor });
  },
);

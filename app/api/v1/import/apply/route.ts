// POST /api/v1/import/apply – apply one chunk of a previewed import's writes (units created
// through createUnit, memberships through addMembership), answering each row's outcome
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { applyMembershipOps, applyUnitOps } from '@/lib/bulk';
import { ROLES } from '@/lib/members';
import { platformDb } from '@/lib/tenancy';

const line = z.int().min(1).max(1_000_000);
const CHUNK_MAX = 50;

const body = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('units'),
    ops: z.array(z.strictObject({ line, name: field.text(400), parentId: field.id('unit').optional(), parentLine: line.optional() })).max(CHUNK_MAX),
    /** Lines of earlier chunks → the units they created (parents of this chunk's rows). */
    resolved: z.record(z.string().regex(/^[1-9]\d{0,6}$/, 'must be a line number'), field.id('unit')).optional(),
  }),
  z.strictObject({
    kind: z.literal('memberships'),
    ops: z.array(z.strictObject({ line, unitId: field.id('unit'), email: field.text(320), name: field.text(400).optional(), role: z.enum(ROLES) })).max(CHUNK_MAX),
  }),
]);

export const POST = withActor({ body }, async (ctx) => {
  ctx.authorize('tenant.import', {});
  const results =
    ctx.body.kind === 'units'
      ? await applyUnitOps(ctx.db, ctx.actor, ctx.body.ops, ctx.body.resolved)
      : await applyMembershipOps(ctx.db, ctx.actor, ctx.actor, ctx.authorize, ctx.body.ops, { platform: platformDb() });
  return { results };
});

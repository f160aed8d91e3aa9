// POST /api/v1/import/apply – apply one chunk of a previewed import's writes (units created
// through createUnit, memberships through addMembership), answering each row's outcome
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { applyMembershipOps, applyUnitOps } from '@/lib/bulk';
import { ROLES } from '@/lib/members';
import { platformDb } from '@/lib/tenancy';

const line = z.number().int().positive();
const CHUNK_MAX = 50;

const body = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('units'),
    ops: z.array(z.object({ line, name: z.string().max(400), parentId: z.string().optional(), parentLine: line.optional() })).max(CHUNK_MAX),
    /** Lines of earlier chunks → the units they created (parents of this chunk's rows). */
    resolved: z.record(z.string(), z.string()).optional(),
  }),
  z.object({
    kind: z.literal('memberships'),
    ops: z.array(z.object({ line, unitId: z.string(), email: z.string().max(320), name: z.string().max(400).optional(), role: z.enum(ROLES) })).max(CHUNK_MAX),
  }),
]);

export const POST = withActor({ body }, async (ctx) => {
  ctx.authorize('tenant.import', {});
  const results =
    ctx.body.kind === 'units'
      ? await applyUnitOps(ctx.db, ctx.actor, ctx.body.ops, ctx.body.resolved)
      : await applyMembershipOps(ctx.db, ctx.actor, ctx.actor, ctx.body.ops, { platform: platformDb() });
  return { results };
});

// The audit filters as a route reads them from the query string (GET /api/v1/audit and its CSV
// export share them): the unit is a place to authorize; actor, action and dates narrow the trail.
import { z } from 'zod';
import { field } from '../validation';
import { AUDIT_ACTIONS } from './audit';

export const auditQuery = z.object({
  unitId: field.id('unit').optional(),
  /** A person's id, or `operator` for the platform operator's changes. */
  actorId: z.union([field.id('user'), z.literal('operator')]).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export type AuditQuery = z.infer<typeof auditQuery>;

export const auditLineFilter = (q: AuditQuery) => ({ actorId: q.actorId, action: q.action, from: q.from, to: q.to });

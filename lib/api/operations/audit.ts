// The audit trail (app/api/v1/audit): who changed what, newest first, for the organization or one unit.
import { z } from 'zod';
import type { AuditPageView } from '../../screens/audit';
import { auditQuery } from '../../screens/audit-query';
import { field } from '../../validation';
import { operation } from '../operation';
import { actor, describes, nextCursor } from './schemas';

const record = z.record(z.string(), z.unknown());

const auditPage = describes<AuditPageView>()(
  z.object({
    lines: z.array(
      z
        .object({
          id: z.string(),
          at: z.string().meta({ description: 'When the change was made (ISO 8601).' }),
          actor,
          action: z.string().meta({ description: 'What was done, such as `unit.rename`.' }),
          summary: z.string().meta({ description: 'The change in words, without the actor: "renamed Cloud → Cloud Platform".' }),
          unit: z.object({ id: z.string(), name: z.string() }).optional().meta({ description: 'The unit acted on, while it exists.' }),
          before: record.optional(),
          after: record.optional(),
          target: z.object({ type: z.string(), id: z.string() }).optional().meta({ description: 'What was acted on.' }),
          changeSetId: z.string().optional().meta({ description: 'The change set (reorganization) the change was part of.' }),
        })
        .meta({ id: 'AuditLine' }),
    ),
    nextCursor,
    now: z.string().meta({ description: 'Server time the page was made at.' }),
  }).meta({ id: 'AuditPage' }),
);

export const audit = {
  list: operation({
    method: 'get', path: '/api/v1/audit', operationId: 'listAudit', tag: 'Audit',
    summary: 'Read the audit trail',
    description:
      "A page of the organization's history, or of one unit's (`unitId`), optionally narrowed by actor, action " +
      'and time. Needs `audit.read`: owners and admins for the organization, managers for their units.',
    query: auditQuery.extend({ cursor: field.cursor.optional() }),
    response: auditPage, errors: ['notFound'],
  }),
};

// A person's reporting line (app/api/v1/members/[userId]/manager and …/reports): their manager,
// setting or clearing it, and their direct reports (docs/org-chart.md#reporting-lines).
import { z } from 'zod';
import type { ManagerView, ReportsView } from '../../screens/reporting-lines';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, nextCursor } from './schemas';

const tag = 'Reporting lines';
const params = z.object({ userId: field.id('user') });
const person = z.object({ userId: z.string(), name: z.string(), email: z.string() }).meta({ id: 'PersonRef' });

const reportingLine = z
  .object({
    userId: z.string(),
    managerId: z.string(),
    version: z.int().meta({ description: 'Send back as `expectedVersion` with a change.' }),
    source: z.enum(['console', 'api', 'directory', 'import']).meta({ description: 'Where the line was last set from.' }),
    updatedAt: z.string(),
  })
  .meta({ id: 'ReportingLine' });

const managerView = describes<ManagerView>()(
  z
    .object({
      userId: z.string(),
      line: reportingLine.nullable().meta({ description: 'null: the person has no manager.' }),
      manager: person.nullable().meta({ description: 'The manager, when the caller may see them.' }),
      managerHidden: z.boolean().meta({ description: 'There is a manager the caller may not see.' }),
      canChange: z.boolean().meta({ description: 'The caller may set or clear this manager.' }),
    })
    .meta({ id: 'PersonManager' }),
);

const reportsView = describes<ReportsView>()(
  z
    .object({
      items: z.array(person),
      hidden: z.int().meta({ description: 'Reports on this page the caller may not see.' }),
      nextCursor,
    })
    .meta({ id: 'DirectReports' }),
);

export const reportingLines = {
  getManager: operation({
    method: 'get', path: '/api/v1/members/{userId}/manager', operationId: 'getManager', tag,
    summary: "Get a person's manager",
    description: 'Anyone who may see the person (`members.read` where they are, or the person themselves).',
    params, response: managerView, errors: ['notFound'],
  }),
  setManager: operation({
    method: 'put', path: '/api/v1/members/{userId}/manager', operationId: 'setManager', tag,
    summary: "Set or clear a person's manager",
    description:
      'Needs `reportingLine.change`: owners and admins; a manager of every unit the person is in, choosing someone ' +
      'they can see, never for their own line. `managerId: null` clears it. Refused without a change: the person ' +
      'themselves (`reportingLine.self`), a loop of managers (`reportingLine.cycle`, naming it), a chain longer than 64. ' +
      'With `expectedVersion` (the line\'s `version` as read), a change made meanwhile answers 409 ' +
      '`reportingLine.versionConflict`.',
    params,
    body: z.strictObject({
      managerId: field.id('user').nullable().meta({ description: 'The manager, or null to clear.' }),
      expectedVersion: field.version.optional(),
    }),
    response: managerView, errors: ['notFound', 'conflict'],
  }),
  listReports: operation({
    method: 'get', path: '/api/v1/members/{userId}/reports', operationId: 'listDirectReports', tag,
    summary: "List a person's direct reports",
    description: 'A page of the people whose manager they are, by id; those the caller may not see are counted in `hidden`.',
    params,
    query: z.object({ cursor: field.cursor.optional(), limit: z.coerce.number().int().min(1).max(200).optional() }),
    response: reportsView, errors: ['notFound'],
  }),
};

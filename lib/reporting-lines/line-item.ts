// T22: a person's reporting line, `T#<t>#USER#<u>` / `MANAGER`, in the person's partition so it
// goes with them (erasure, export). Its GSI1 entry lists a manager's direct reports, its GSI2
// entry every line of the tenant (the people chart), both by the report's id.
import 'server-only';
import { z } from 'zod';
import { itemParser, keys } from '../db';
import type { ReportingLine } from './types';

export const LINE_SOURCES = ['console', 'api', 'directory', 'import'] as const;

export function lineItem(tenantId: string, line: ReportingLine): Record<string, unknown> {
  return {
    ...keys.reportingLine(tenantId, line.userId),
    type: 'reportingLine',
    tenantId,
    ...line,
    GSI1PK: keys.gsi1.reports(tenantId, line.managerId),
    GSI1SK: line.userId,
    GSI2PK: keys.gsi2.reportingLines(tenantId),
    GSI2SK: line.userId,
  };
}

export const toReportingLine: (item: Record<string, unknown>) => ReportingLine = itemParser(
  'reportingLine',
  z.object({
    userId: z.string(),
    managerId: z.string(),
    version: z.number().int(),
    source: z.enum(LINE_SOURCES),
    updatedAt: z.string(),
  }),
);

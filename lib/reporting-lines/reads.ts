// Reading reporting lines: one person's (GetItem), a manager's direct reports (one GSI1 Query a
// page) and the whole tenant's (GSI2, paged internally, bounded) for the people chart.
import 'server-only';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, INDEX, keys, pageSize, queryPage, type Page, type TenantDb } from '../db';
import { validateId } from '../validation';
import { tooManyLines } from './errors';
import { toReportingLine } from './line-item';
import type { ReportingLine } from './types';

/** The most lines `listReportingLines` answers (the people chart's own bound). */
export const MAX_LINES = 20_000;
export const REPORTS_PAGE = { default: 50, max: 200 } as const;
const LIST_PAGE = 1_000;

/** The person's line, or undefined when they have no manager. Strongly consistent. */
export async function getReportingLine(db: TenantDb, rawUserId: string): Promise<ReportingLine | undefined> {
  const userId = validateId(rawUserId, 'user');
  const item = await getItem(db, keys.reportingLine(db.tenantId, userId));
  return item ? toReportingLine(item) : undefined;
}

/** One page of the people who report to `managerId`, by their id. */
export async function directReports(
  db: TenantDb,
  rawManagerId: string,
  page: { limit?: number; cursor?: string | null } = {},
): Promise<Page<ReportingLine>> {
  const managerId = validateId(rawManagerId, 'user');
  const out = await queryPage(
    db,
    {
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.gsi1.reports(db.tenantId, managerId) },
    },
    { limit: pageSize(page.limit, REPORTS_PAGE), scope: `T22:${db.tenantId}:${managerId}`, cursor: page.cursor },
  );
  return { items: out.items.map(toReportingLine), ...(out.nextCursor ? { nextCursor: out.nextCursor } : {}) };
}

/**
 * Every reporting line of the tenant, by the report's id: one GSI2 Query, paged internally
 * (eventually consistent, as every index read). More than MAX_LINES refuses rather than drawing a
 * partial chart as if it were whole.
 */
export async function listReportingLines(db: TenantDb): Promise<ReportingLine[]> {
  const lines: ReportingLine[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: INDEX.gsi2,
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.gsi2.reportingLines(db.tenantId) },
        ExclusiveStartKey: start,
        Limit: LIST_PAGE,
      }),
    );
    for (const item of out.Items ?? []) lines.push(toReportingLine(item));
    if (lines.length > MAX_LINES) throw tooManyLines(MAX_LINES);
    start = out.LastEvaluatedKey;
  } while (start);
  return lines;
}

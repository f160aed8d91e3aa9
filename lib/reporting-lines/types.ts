// Reporting lines (docs/org-chart.md#reporting-lines): who a person's manager is, in one tenant.

export interface ReportingLine {
  userId: string;
  managerId: string;
  /** Optimistic lock of the line item. */
  version: number;
  /** Where it came from: the console or API, the directory (SCIM), or a CSV import. */
  source: 'console' | 'api' | 'directory' | 'import';
  updatedAt: string;
}

/** How far up a chain is followed when refusing cycles; deeper chains are refused as too deep. */
export const MAX_CHAIN = 64;

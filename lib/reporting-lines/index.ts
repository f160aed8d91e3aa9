// Reporting lines (docs/org-chart.md#reporting-lines): a person's manager and direct reports in
// one tenant, from the console, the API, CSV import and directory sync.
export * from './types';

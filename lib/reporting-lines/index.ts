// Reporting lines (docs/org-chart.md#reporting-lines): a person's manager and direct reports in
// one tenant, from the console, the API, CSV import and directory sync.
export * from './types';
export { getReportingLine, directReports, listReportingLines, MAX_LINES, REPORTS_PAGE } from './reads';
export { readLinesOf } from './read-lines-of';
export { readLineChange, readLinePerson, lineChangePlace, type LineChange, type LinePerson } from './line-change';
export { setManager, checkChain, type SetManagerOptions } from './set-manager';
export { awaitManager, stopAwaiting, awaitingReports } from './awaited';
export { clearLinesOf } from './departed';

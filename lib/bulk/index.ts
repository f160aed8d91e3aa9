// Bulk import and export (CSV): parse, preview every row against the organization, apply the
// planned writes through the domain functions in chunks, and stream the tree and memberships.
export { csvCell, csvLine, readCell, formatUnitPath, parseUnitPath } from './csv';
export { parseImport, IMPORT_FORMATS, MAX_IMPORT_ROWS, MAX_IMPORT_BYTES, type ImportKind, type ImportRow, type ParsedImport } from './parse-import';
export type { PreviewRow, RowStatus, UnitOp, MembershipOp, ImportPlan } from './plan-types';
export { planUnitImport, type UnitLimits } from './plan-units';
export { planMembershipImport, importEmails, type People, type KnownPerson } from './plan-memberships';
export { previewImport, lookupPeople, type ImportPreview, type PreviewCounts } from './preview-import';
export { applyUnitOps, applyMembershipOps, APPLY_CHUNK, type ApplyResult, type MembershipApplyDeps } from './apply-import';
export { unitsCsv, membershipsCsv, csvStream, exportRoot, exportResponse, UNITS_CSV_COLUMNS, MEMBERSHIPS_CSV_COLUMNS } from './export-csv';

// Audit trail (T14): entries appended inside each mutation's transaction, listed newest first.
export { auditEntryPut, type AuditInput } from './audit-entry';
export { auditRetentionSeconds } from './audit-retention';
export { listAudit, listTenantAudit, listUnitAudit, toAuditEntry, AUDIT_PAGE, type AuditEntry, type AuditFilter, type AuditPageOptions } from './list-audit';
export { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, auditActionLabel, type AuditAction } from './audit-actions';

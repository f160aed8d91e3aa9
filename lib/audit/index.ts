// Audit trail (T14): entries appended inside each mutation's transaction, listed newest first.
export { auditEntryPut, type AuditInput } from './audit-entry';

// Offboarding: a tenant leaves. Export it as a portable archive, delete every item of it (its own
// partitions and its platform items) as a resumable job, schedule that deletion from Settings with
// a grace period, run it from the wake-up's due pass, and copy a tenant back from a
// point-in-time-restore table or from its export. See docs/offboarding.md.
import 'server-only';
export type { OffboardingScope, StoredItem } from './offboarding-scope';
export { catalogTenant, catalogTenantPartitions, catalogPlatformItems, tenantsOfUser, type TenantCatalog } from './tenant-catalog';
export { scanTenantItems, type ScanResult } from './scan-tenant-items';
/** The batch writes a tenant's deletion and copy are made of (lib/db), under the names the CLI and tests know. */
export { deleteAll as batchDelete, putAll as batchPut, BATCH_WRITE_ITEMS } from '../db';
export { deleteTenant, DeletionStopped, type DeleteTenantOptions, type DeletionReport } from './delete-tenant';
export { readDeletionJournal, DEFAULT_DELETION_LEASE_MS, DELETION_PHASES, type DeletionJournal, type DeletionPhase } from './deletion-journal';
export { exportTenant, ARCHIVE_ENTRIES, EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportManifest } from './export-tenant';
export { redactSecrets, SEALED_ATTRIBUTES, REDACTED } from './redact-secrets';
export { copyTenant, type CopyReport } from './copy-tenant';
export { copyTenantFromArchive } from './copy-from-archive';
export { readExportArchive, type ExportArchive } from './read-export-archive';
export {
  scheduleTenantDeletion, cancelTenantDeletion, claimScheduledDeletion, readScheduledDeletion, toScheduledDeletion,
  type ScheduledDeletion, type ScheduleDeletionInput,
} from './schedule-deletion';
export { runDueTenantDeletions, rateLimitsBeside, type DueDeletionDeps } from './run-due-deletions';

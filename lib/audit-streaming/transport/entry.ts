// What a destination receives for one audit entry: the audit API's entry (lib/audit toAuditEntry),
// plus `organizationId`, so a receiver collecting several organizations tells them apart.
import 'server-only';
import { toAuditEntry, type AuditEntry } from '../../audit';

export type StreamedEntry = AuditEntry & { organizationId: string };

export const streamedEntry = (item: Record<string, unknown>): StreamedEntry => {
  const entry = toAuditEntry(item);
  return { ...entry, organizationId: entry.tenantId };
};

/** A batch of entries, in id order; its id (the receiver's dedup key for the batch) names its first and last entries. */
export interface Batch {
  batchId: string;
  entries: StreamedEntry[];
}

export const batchOf = (entries: StreamedEntry[]): Batch => ({ batchId: `batch_${entries[0].id}_${entries[entries.length - 1].id}`, entries });

/** The size of an entry on the wire (JSON line), for cutting batches by bytes. */
export const entryBytes = (entry: StreamedEntry) => Buffer.byteLength(JSON.stringify(entry)) + 1;

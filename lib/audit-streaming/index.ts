// Audit streaming (docs/audit-streaming.md): every audit entry of a tenant delivered, at least
// once and in order, to the destinations its owners add (HTTPS, Splunk HEC, Datadog, S3). A
// worker reads the table's stream to learn which tenants have new entries, and each destination
// reads on from its own cursor in the tenant's audit partition, in its own lane.
// This entry is the server's; the console imports ./types and ./limits alone.
import 'server-only';
import type { AuditActor, TenantDb } from '../db';
import type { Destination, DestinationSettings, DestinationTestResult } from './types';

export * from './types';
export { STREAM_LIMITS } from './limits';

const notBuilt = (): never => {
  throw new Error('audit streaming: not built yet');
};

export interface DestinationInput {
  name: string;
  settings: DestinationSettings;
  /** The kind's secret: HEC token, Datadog API key, S3 secret access key. HTTPS destinations get a signing secret made by Arbor. */
  secret?: string;
}

export async function listDestinations(_db: TenantDb): Promise<Destination[]> {
  return notBuilt();
}
export async function readDestination(_db: TenantDb, _destinationId: string): Promise<Destination> {
  return notBuilt();
}
/** Adds a destination; an HTTPS one answers with its signing secret, shown once. */
export async function createDestination(_db: TenantDb, _actor: AuditActor, _input: DestinationInput): Promise<{ destination: Destination; signingSecret?: string }> {
  return notBuilt();
}
export async function updateDestination(_db: TenantDb, _actor: AuditActor, _destinationId: string, _expectedVersion: number, _input: Partial<DestinationInput> & { enabled?: boolean }): Promise<Destination> {
  return notBuilt();
}
export async function deleteDestination(_db: TenantDb, _actor: AuditActor, _destinationId: string, _expectedVersion: number): Promise<void> {
  return notBuilt();
}
/** Sends one test entry now, waited for, without moving the cursor. */
export async function testDestination(_db: TenantDb, _actor: AuditActor, _destinationId: string): Promise<DestinationTestResult> {
  return notBuilt();
}
/** Moves the cursor back to `from` (ISO date): entries since then are sent again, in order. */
export async function backfillDestination(_db: TenantDb, _actor: AuditActor, _destinationId: string, _expectedVersion: number, _from: string): Promise<Destination> {
  return notBuilt();
}

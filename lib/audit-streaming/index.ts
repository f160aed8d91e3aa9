// Audit streaming (docs/audit-streaming.md): every audit entry of a tenant delivered, at least
// once and in order, to the destinations its owners add (HTTPS, Splunk HEC, Datadog, S3). A
// worker reads the table's stream to learn which tenants have new entries, and each destination
// reads on from its own cursor in the tenant's audit partition, in its own lane.
// This entry is the server's; the console imports ./types and ./limits alone.
import 'server-only';

export * from './types';
export { STREAM_LIMITS } from './limits';
export {
  backfillDestination, createDestination, deleteDestination, listDestinations, readDestination, updateDestination,
  type CreateOptions, type DestinationInput,
} from './manage';
export { testDestination } from './test-destination';
export { DATADOG_SITES, type UrlPolicy } from './validate';

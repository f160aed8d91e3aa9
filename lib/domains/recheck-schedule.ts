// When a proven domain's DNS record is looked at again: GSI4 `DOMAINCHECKS`, sorted by the time
// of the next check, so the operator's `domain recheck` Queries only what is due.
import { config } from '../config';
import { keys, sortKeys } from '../db';

export function nextCheckKey(tenantId: string, domain: string, from = Date.now()) {
  const at = new Date(from + config().ARBOR_DOMAIN_RECHECK_HOURS * 3600_000).toISOString();
  return { GSI4PK: keys.gsi4.domainChecks(), GSI4SK: sortKeys.due(at, tenantId, domain) };
}

/** The tenant and domain a schedule entry names. */
export function scheduledDomain(sortKey: string): { tenantId: string; domain: string } | undefined {
  const [, tenantId, domain] = sortKey.split('#');
  return tenantId && domain ? { tenantId, domain } : undefined;
}

// TXT lookups for domain proofs. Production asks the system resolver, or the
// servers in ARBOR_DNS_SERVERS; the local stack points that at its own DNS server.
import 'server-only';
import { Resolver } from 'node:dns/promises';
import { config } from '../config';
import { dnsUnavailable } from './errors';

/** "No such name" and "no TXT records" both mean: no proof here. */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** Every TXT string of the name (a record's chunks joined, as RFC 7208 reads them). */
export async function lookupTxt(domain: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const servers = config().ARBOR_DNS_SERVERS;
  if (servers) resolver.setServers(servers.split(',').map((s) => s.trim()).filter(Boolean));
  try {
    return (await resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
  } catch (e) {
    if (NO_RECORDS.has((e as { code?: string }).code ?? '')) return [];
    throw dnsUnavailable(domain);
  }
}

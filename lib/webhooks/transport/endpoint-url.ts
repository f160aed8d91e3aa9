// Which endpoint URLs Arbor accepts, checked when an endpoint is saved so the person saving it
// gets a clear reason. This is advice, not the guard: a hostname can resolve elsewhere by the
// time a delivery goes out (DNS rebinding), so the sender checks the address it actually
// connects to (send.ts).
import 'server-only';
import { isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type EndpointUrlCheck =
  | { ok: true; url: URL }
  | { ok: false; reason: 'invalid' | 'scheme' | 'credentials' | 'privateAddress' | 'tooLong' };

const MAX_URL_BYTES = 2048;

/** Names that only mean something inside a network (RFC 6761, RFC 6762, ICANN's `.internal`). */
const privateName = (host: string) =>
  host === 'localhost' || ['.localhost', '.internal', '.local'].some((suffix) => host.endsWith(suffix)) ||
  // A single label resolves through the server's search domains, i.e. inside its own network.
  !host.includes('.');

/** ipaddr.js names every special-purpose range; only what is left, 'unicast', is the public internet. */
const isPublicAddress = (address: string) => ipaddr.isValid(address) && ipaddr.parse(address).range() === 'unicast';

/**
 * Whether `raw` may be an endpoint. `allowPrivateNetworks` (development, tests) lets plain http
 * and private hosts through. The URL returned is the normalized one to store.
 */
export function checkEndpointUrl(raw: string, opts: { allowPrivateNetworks: boolean }): EndpointUrlCheck {
  if (Buffer.byteLength(raw) > MAX_URL_BYTES) return { ok: false, reason: 'tooLong' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  // Normalizing can lengthen it (percent-encoding, punycode); the stored form must fit too.
  if (url.href.length > MAX_URL_BYTES) return { ok: false, reason: 'tooLong' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'scheme' };
  if (url.username || url.password) return { ok: false, reason: 'credentials' };
  if (!opts.allowPrivateNetworks) {
    // WHATWG parsing has already turned 0x7f000001, 2130706433 and 0177.0.0.1 into 127.0.0.1.
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
    if (isIP(host) ? !isPublicAddress(host) : privateName(host)) return { ok: false, reason: 'privateAddress' };
    if (url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  }
  return { ok: true, url };
}

export type HostLookup = (hostname: string, options: { all: true }) => Promise<{ address: string }[]>;

/**
 * Whether every address `hostname` resolves to now is public: one private answer among public
 * ones is how a rebinding host is usually set up. Unresolvable names are reported apart, since
 * an endpoint's DNS may simply not be live yet.
 */
export async function resolvesPublic(
  hostname: string,
  lookup: HostLookup = dnsLookup,
): Promise<{ ok: true } | { ok: false; reason: 'privateAddress' | 'unresolvable' }> {
  let addresses: { address: string }[];
  try {
    addresses = await lookup(hostname.replace(/^\[(.*)\]$/, '$1'), { all: true });
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'unresolvable' };
  return addresses.every((a) => isPublicAddress(a.address)) ? { ok: true } : { ok: false, reason: 'privateAddress' };
}

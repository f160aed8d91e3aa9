// The URLs a connection points at: https, or http on this machine for the local IdPs.
import { badIssuer } from './errors';

const ISSUER_MAX_LENGTH = 2048;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An https URL (http only on loopback, for the local IdPs), without a trailing slash. */
export function validateHttpsUrl(raw: unknown, refuse: () => Error = badIssuer): string {
  let url: URL;
  try {
    if (typeof raw !== 'string' || raw.length > ISSUER_MAX_LENGTH) throw new TypeError('not a URL');
    url = new URL(raw.trim());
  } catch {
    throw refuse();
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!secure || url.hash || url.username) throw refuse();
  return url.href.replace(/\/+$/, '');
}

// Where a browser goes after signing in, when the request named it (`callbackUrl`, `next`, a
// SAML flow's return address, next-auth's redirect callback). One rule for every such redirect:
// the address is read the way a browser will read it (the WHATWG URL parser, which drops tab, CR
// and LF and takes `\` for `/`), against this site's origin; only a path on this site is kept,
// and it is answered in its normalised, percent-encoded form, so a Location header can always
// carry it and a browser cannot resolve it anywhere else.
import { config } from '../config';

/** Longer addresses are not worth parsing: no page of the console needs one this long. */
const MAX_RETURN_TO_CHARS = 2000;
const HOME = '/';

/** A path on this site (with its query and fragment) for `raw`, or `/`. Never throws. */
export function safeReturnTo(raw: unknown, appUrl: string = config().ARBOR_APP_URL): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_TO_CHARS) return HOME;
  let origin: string;
  let url: URL;
  try {
    origin = new URL(appUrl).origin;
    url = new URL(raw, origin);
  } catch {
    return HOME;
  }
  if (url.origin !== origin || url.username || url.password) return HOME;
  const path = strictlyEncoded(`${url.pathname}${url.search}${url.hash}`);
  // `/.//evil.example` normalises to `//evil.example`, which a browser reads as another host.
  if (!path.startsWith('/') || path.startsWith('//') || path.length > MAX_RETURN_TO_CHARS) return HOME;
  // Back to a sign-in page would loop.
  if (/^\/(sign-in|api\/auth)(\/|\?|#|$)/i.test(path)) return HOME;
  return path;
}

/** The same address as an absolute URL on this site (next-auth's redirect callback answers one). */
export function safeReturnUrl(raw: unknown, appUrl: string = config().ARBOR_APP_URL): string {
  return `${new URL(appUrl).origin}${safeReturnTo(raw, appUrl)}`;
}

/**
 * The URL serialiser leaves a few ASCII characters bare (`|`, `^`, `{` in a query, a lone `%`);
 * RFC 3986 allows none of them, so they are escaped too. The result is printable ASCII only.
 */
const strictlyEncoded = (s: string) =>
  s.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g, (c) =>
    [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );

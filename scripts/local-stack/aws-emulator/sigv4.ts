// Verifies AWS Signature Version 4 on an incoming request (header form, as the SDK signs), by
// recomputing the signature with the secret the emulator issued. Mirrors what AWS checks:
// the credential scope's service and date, the clock skew, the signed host and date headers,
// and the body through its SHA-256.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

const AUTH = /^AWS4-HMAC-SHA256\s+Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;

export function parseAuthorization(header: string | undefined): ParsedAuthorization | undefined {
  const m = header ? AUTH.exec(header.trim()) : null;
  if (!m) return undefined;
  return { accessKeyId: m[1], date: m[2], region: m[3], service: m[4], signedHeaders: m[5].split(';'), signature: m[6] };
}

export interface SignedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const MAX_SKEW_MS = 15 * 60_000;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

// RFC 3986 unreserved characters stay; everything else is percent-encoded (AWS's UriEncode).
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k, v = ''] = pair.split('=');
      const dec = (x: string) => decodeURIComponent(x.replace(/\+/g, ' '));
      return [uriEncode(dec(k)), uriEncode(dec(v))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ');

/** AWS's `X-Amz-Date` (basic ISO 8601) as epoch milliseconds, or NaN. */
export function parseAmzDate(value: string | undefined): number {
  const m = value ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value) : null;
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; problem: 'incomplete' | 'expired' | 'mismatch'; message: string };

/** Checks a parsed Authorization header against the request and the secret of its access key. */
export function checkSignature(request: SignedRequest, auth: ParsedAuthorization, secretAccessKey: string, now = Date.now()): SignatureCheck {
  const amzDate = headerValue(request.headers['x-amz-date']);
  const signedAt = parseAmzDate(amzDate);
  if (!auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date') || Number.isNaN(signedAt)) {
    return { ok: false, problem: 'incomplete', message: "'Host' and 'X-Amz-Date' must be signed headers." };
  }
  if (Math.abs(now - signedAt) > MAX_SKEW_MS || amzDate.slice(0, 8) !== auth.date) {
    return {
      ok: false,
      problem: 'expired',
      message: `Signature expired: ${amzDate} is now earlier than ${new Date(now - MAX_SKEW_MS).toISOString()} (${new Date(now).toISOString()} - 15 min.)`,
    };
  }
  const bodyHash = sha256(request.body);
  const declared = request.headers['x-amz-content-sha256'];
  if (declared !== undefined && declared !== bodyHash) return mismatch();

  const [path, query = ''] = request.url.split('?', 2);
  const canonicalPath = path.split('/').map((segment) => uriEncode(segment)).join('/') || '/';
  const canonicalHeaders = auth.signedHeaders.map((h) => `${h}:${headerValue(request.headers[h])}\n`).join('');
  const canonicalRequest = [
    request.method.toUpperCase(), canonicalPath, canonicalQuery(query), canonicalHeaders, auth.signedHeaders.join(';'), bodyHash,
  ].join('\n');
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = [auth.date, auth.region, auth.service, 'aws4_request'].reduce<Buffer | string>((k, part) => hmac(k, part), `AWS4${secretAccessKey}`);
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(auth.signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { ok: true } : mismatch();
}

const mismatch = (): SignatureCheck => ({
  ok: false,
  problem: 'mismatch',
  message:
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
});

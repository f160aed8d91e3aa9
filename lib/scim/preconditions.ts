// ETags (RFC 7644 §3.14, RFC 9110 §13): a resource's version is its weak entity tag, `W/"<n>"`,
// answered as `meta.version` and the `ETag` header. `If-Match` is checked against the version a
// request read, and that same version is the condition of the write it allows, so a version that
// moves between the check and the write answers 412 too and changes nothing. `If-None-Match` on a
// read answers 304 when the client already holds the version.
import { ScimError, versionMismatch } from './protocol-errors';

export const weakEtag = (version: number) => `W/"${version}"`;

/** The versions a header lists (`W/"3", "4"`), or '*' for any. */
function listed(header: string): string[] | '*' {
  if (header.trim() === '*') return '*';
  return header.split(',').map((t) => t.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1'));
}

/** If-Match: throws 412 unless the header is absent, `*`, or lists the version read. */
export function checkIfMatch(ifMatch: string | null, version: number) {
  if (!ifMatch) return;
  const versions = listed(ifMatch);
  if (versions !== '*' && !versions.includes(String(version))) throw versionMismatch();
}

/** If-None-Match on a GET: whether the client's copy is current (weak comparison, §13.1.2). */
export function isNotModified(ifNoneMatch: string | null, version: number): boolean {
  if (!ifNoneMatch) return false;
  const versions = listed(ifNoneMatch);
  return versions === '*' || versions.includes(String(version));
}

/**
 * Without If-Match a client asked for no version: a change that lost a race with another is
 * read and applied again (a few times), instead of answering 412 to a request that set no condition.
 */
export async function withRereads<T>(ifMatch: string | null, attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (e) {
      if (ifMatch || !(e instanceof ScimError && e.status === 412) || i >= 4) throw e;
    }
  }
}

// SCIM protocol errors (RFC 7644 §3.12): an HTTP status and, where the RFC defines one, a
// `scimType`. They answer SCIM clients only; `scimErrorResponse` (./protocol.ts) is the one place
// any error becomes a SCIM response. The console's errors are Arbor errors (./errors.ts).

/** RFC 7644 §3.12 scimType values this endpoint answers with. */
export type ScimType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
    this.name = 'ScimError';
  }
}

export const unauthorized = () => new ScimError(401, 'A valid bearer token is required (Settings → Directory sync).');
export const notFound = (what: 'User' | 'Group' | 'resource' = 'resource') => new ScimError(404, `${what} not found.`);
export const badFilter = (detail: string) => new ScimError(400, `The filter is not supported: ${detail}`, 'invalidFilter');
export const badValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const badSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const taken = (detail: string) => new ScimError(409, detail, 'uniqueness');
export const versionMismatch = () => new ScimError(412, 'The resource changed since the version in If-Match; read it again.');
export const methodNotAllowed = () => new ScimError(405, 'This endpoint does not accept that method.');
export const tooLarge = (limit: string) => new ScimError(413, `The request is too large: ${limit}.`);
export const busy = () => new ScimError(409, 'The resource is being changed by another request; try again.');


// The errors of what a request carries, before the domain sees it: the body itself, where it came
// from, and the ids, names, versions, emails and search text it holds.
import { arborError, type IdSubject, type NameSubject } from '../errors';

/** A field failed the route's or action's schema; `issues` lists every failure. */
export const requestInvalid = (where: string, field: string, problem: string, issues: { path: string[]; message: string }[]) =>
  arborError('request.invalid', `The ${where} is not valid${field}: ${problem}`, { issues });

export const badJson = () => arborError('request.badJson', 'The request body is not valid JSON.');

export const requestTooLarge = (maxBytes: number) =>
  arborError('request.tooLarge', `The request is larger than Arbor accepts here (${Math.floor(maxBytes / 1024)} KB).`);

export const crossOrigin = () =>
  arborError('request.crossOrigin', 'Arbor accepts changes only from its own pages, and this request came from somewhere else. Reload Arbor and try again.');

export const wrongContentType = () =>
  arborError('request.contentType', 'Arbor’s API accepts changes only as JSON: send the body with Content-Type: application/json.');

/** Too many requests in the window; `retryAfterSeconds` is also the Retry-After header. */
export const rateLimited = (retryAfterSeconds: number, limit: number, scope: 'key' | 'organization') =>
  arborError(
    'request.rateLimited',
    scope === 'key'
      ? `This API key sent more than ${limit} requests a minute. Wait ${retryAfterSeconds} s and try again.`
      : `Your organization's API keys sent more than ${limit} requests a minute together. Wait ${retryAfterSeconds} s and try again.`,
    { retryAfterSeconds, limit, scope },
  );

export const badIdempotencyKey = () =>
  arborError('request.badIdempotencyKey', 'An Idempotency-Key is 1–255 printable ASCII characters, such as a UUID.');

export const idempotencyMismatch = () =>
  arborError('request.idempotencyMismatch', 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');

export const idempotencyInFlight = () =>
  arborError('request.idempotencyInFlight', 'A request with this Idempotency-Key is still being processed. Retry in a moment to get its result.');

/** No route of the API answers this path (a JSON 404 rather than the console's not-found page). */
export const unknownPath = (path: string) =>
  arborError('request.unknownPath', `There is no ${path} in Arbor's API: see /api/v1/openapi.json for its paths.`, { path });

/** The path exists but answers other methods; `allow` is also the Allow header. */
export const methodNotAllowed = (method: string, allow: string[]) =>
  arborError('request.methodNotAllowed', `This path of Arbor's API does not answer ${method}; it answers ${allow.join(', ')}.`, { method, allow });

const ID_NOUN: Record<IdSubject, string> = { tenant: 'organization', unit: 'unit', user: 'user', invitation: 'invitation', moveJob: 'move', group: 'directory group' };

export const badId = (what: IdSubject) => arborError(`${what}.badId`, `That ${ID_NOUN[what]} id is not valid.`);

const NAME_LABEL: Record<NameSubject, string> = { unit: 'Unit name', user: 'Name', tenant: 'Organization name' };

/** A name refused by lib/validation/text.ts; `problem` completes the sentence after the label. */
export const badName = (what: NameSubject, problem: string) => arborError(`${what}.badName`, `${NAME_LABEL[what]} ${problem}`);

export const badVersion = (entity: 'unit' | 'membership' | 'tenant' | 'invitation') =>
  arborError(`${entity}.badVersion`, `The ${entity === 'tenant' ? 'organization' : entity} version sent with this change is missing or not valid. Reload and try again.`);

/** What someone typed to search; `problem` is 'empty' or 'tooLong'. */
export const badPrefix = (code: 'search.badPrefix' | 'member.badPrefix', problem: 'empty' | { max: number }) =>
  arborError(
    code,
    problem === 'empty' ? 'Type at least one character to search for.' : `Search for at most ${problem.max} characters, without line breaks.`,
  );

/** One address, quoted back (invisible characters shown as `?`), or several with their reasons. */
export const badEmail = (shown: string | undefined, addresses?: { email: string; message: string }[]) =>
  arborError(
    'email.invalid',
    addresses
      ? addresses.length === 1
        ? `${addresses[0].email}: ${addresses[0].message}`
        : `${addresses.length} addresses are not valid: ${addresses.map((b) => b.email).join(', ')}.`
      : shown === undefined
        ? 'Enter an email address.'
        : `"${shown}" is not a valid email address.`,
    addresses ? { addresses } : undefined,
  );

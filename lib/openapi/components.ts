// What every operation of the document shares, defined once as components: the two ways to
// authenticate, the one error shape and an answer per error kind, the rate-limit headers, and the
// Idempotency-Key header of creating requests.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { describes } from '../api/operations/schemas';
import type { ErrorKind } from '../errors';
import type { ErrorBody } from '../errors/http';

export const SECURITY = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key: `Authorization: Bearer arbor_key_…`. API keys are created in Settings → API keys; each acts ' +
      'as a role on one unit, exactly as a person holding that membership would.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: '__Secure-next-auth.session-token',
    description:
      "A signed-in person's session, as the console uses it (`next-auth.session-token` when Arbor is served over " +
      'plain http). Changes must come from Arbor’s own pages, as JSON.',
  },
} as const;

export type SecurityScheme = keyof typeof SECURITY;

/** The one shape every refusal has (lib/errors/http.ts). */
export const errorBody = describes<ErrorBody>()(
  z
    .object({
      error: z.object({
        code: z.string().meta({ description: 'Stable and dotted (`unit.versionConflict`): match on it.' }),
        message: z.string().meta({ description: 'For a person to read; may change.' }),
        details: z.record(z.string(), z.unknown()).optional().meta({ description: 'Facts of some codes, such as the `issues` of `request.invalid`.' }),
      }),
    })
    .meta({ id: 'Error' }),
);

const integer = (description: string) => ({ description, schema: { type: 'integer' as const, minimum: 0 } });

const HEADERS = {
  'RateLimit-Limit': integer('API-key requests: how many the key may send per one-minute window (the tighter of its own limit and its organization’s).'),
  'RateLimit-Remaining': integer('API-key requests: how many are left in the current window.'),
  'RateLimit-Reset': integer('API-key requests: seconds until the current window ends.'),
  'Retry-After': integer('Seconds to wait before sending the request again.'),
  'Idempotent-Replayed': {
    description: 'Present, `true`, when this is the stored answer to an earlier request with the same `Idempotency-Key`.',
    schema: { type: 'string' as const, enum: ['true'] },
  },
};

type HeaderName = keyof typeof HEADERS;
const headerRefs = (names: HeaderName[]) => Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

const RATE_LIMIT: HeaderName[] = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** The headers of a successful answer; an idempotent operation's may be a replay. */
export const successHeaders = (idempotent: boolean) => headerRefs(idempotent ? [...RATE_LIMIT, 'Idempotent-Replayed'] : RATE_LIMIT);

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: a request with the same key within 24 hours answers the first one’s successful result ' +
    '(marked `Idempotent-Replayed: true`) instead of doing it again; a refused request is not kept, so its retry ' +
    'runs again. The same key with a different request answers 422 `request.idempotencyMismatch`; while the first ' +
    'request is still running, 409 `request.idempotencyInFlight`; a key that is not 1–255 printable ASCII ' +
    'characters, 400 `request.badIdempotencyKey`. Use a new key, such as a UUID, for each new request.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
} as const;

/** Each error kind's status (lib/errors/http.ts STATUS), answer name and meaning. */
export const ERROR_ANSWERS: Record<ErrorKind, { name: string; description: string }> = {
  invalid: {
    name: 'BadRequest',
    description:
      'The request is not valid: a parameter or the body failed its schema (`request.invalid`, every issue in ' +
      '`details.issues`), the body is not JSON, or a value broke a rule of the domain (the `code` says which).',
  },
  unauthenticated: {
    name: 'Unauthenticated',
    description: 'No valid credentials: the API key or session is missing, expired or revoked.',
  },
  forbidden: {
    name: 'Forbidden',
    description:
      'The caller may not do this here (`authz.<action>`), or, with a session, the request did not come from ' +
      'Arbor’s own pages or was not JSON.',
  },
  notFound: { name: 'NotFound', description: 'Something the request names does not exist, or no longer does.' },
  methodNotAllowed: { name: 'MethodNotAllowed', description: 'The path exists but does not answer this method; the `Allow` header lists the ones it does.' },
  conflict: {
    name: 'Conflict',
    description:
      'The request conflicts with the current state: the item changed since it was read (`…versionConflict`, ' +
      'the current version in `details`), a name is taken, or a job holds the unit. Read again, then retry.',
  },
  tooLarge: { name: 'PayloadTooLarge', description: 'The request body is larger than this operation accepts.' },
  limit: { name: 'LimitExceeded', description: 'A stated limit would be exceeded (such as units per organization).' },
  rateLimited: {
    name: 'TooManyRequests',
    description:
      'Too many requests (`request.rateLimited`: the key’s or its organization’s window is spent), or a limit of ' +
      'the operation itself (such as resending an invitation too often): wait `Retry-After` seconds when given.',
  },
  unavailable: { name: 'ServiceUnavailable', description: 'A service Arbor depends on is unavailable; try again later.' },
};

/** The answer to one error kind, with `more` said about it for this operation (idempotency). */
export function errorAnswer(kind: ErrorKind, more?: string) {
  const { description } = ERROR_ANSWERS[kind];
  return {
    description: more ? `${description} ${more}` : description,
    headers: headerRefs(kind === 'rateLimited' ? [...RATE_LIMIT, 'Retry-After'] : RATE_LIMIT),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

/** The components besides the schemas (`errorBody` is one, named by its `.meta` id). */
export function registerComponents(registry: OpenAPIRegistry) {
  for (const [name, scheme] of Object.entries(SECURITY)) registry.registerComponent('securitySchemes', name, scheme);
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent('headers', name, header);
  registry.registerComponent('parameters', 'IdempotencyKey', IDEMPOTENCY_KEY);
  for (const kind of Object.keys(ERROR_ANSWERS) as ErrorKind[]) registry.registerComponent('responses', ERROR_ANSWERS[kind].name, errorAnswer(kind));
}

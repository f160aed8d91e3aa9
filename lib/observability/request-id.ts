// The request id: taken from the load balancer when it sent a well-formed one, otherwise made
// here, then carried on the request the app sees and on the response (`x-request-id`), and on
// every log line of the request. Runs in proxy.ts too, so it needs nothing but Web APIs.
export const REQUEST_ID_HEADER = 'x-request-id';

// Letters, digits and . _ : = - only, 8 to 128 of them: a UUID, a ULID or an X-Ray trace id
// (Root=1-…) fit; anything else (spaces, quotes, control characters, a novel) is replaced, so a caller
// cannot forge log lines or fill them through this header.
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:=-]{7,127}$/;

export const isWellFormedRequestId = (value: string | null | undefined): value is string => !!value && WELL_FORMED.test(value);

export const newRequestId = (): string => crypto.randomUUID();

/** The incoming id when it is well formed, else a new one. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return isWellFormedRequestId(given) ? given : newRequestId();
}

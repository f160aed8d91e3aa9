// A server action's arguments, checked before Next decodes them. Next answers a body it cannot
// decode with a 500 (its decoder throws); a browser running Arbor never sends one, so such a
// request is a client's mistake or a probe and gets a typed 400 instead. Arguments travel as
// React's reply encoding: JSON text (text/plain) for plain values, multipart for forms, whose
// parts Next decodes field by field and so are left to it.
import type { ArborError } from '../errors';
import { badJson, requestTooLarge } from '../validation/errors';

/** Next's own limit for a server action body (`serverActions.bodySizeLimit`, default 1 MB). */
const MAX_ACTION_BODY_BYTES = 1024 * 1024;

export const isServerAction = (request: { method: string; headers: Headers }) =>
  request.method === 'POST' && request.headers.has('next-action');

/** The refusal for an undecodable server action body, or undefined. Reads a clone of the body. */
export async function refuseMalformedAction(request: Request): Promise<ArborError | undefined> {
  const mediaType = request.headers.get('content-type')?.split(';')[0].trim().toLowerCase() ?? '';
  if (mediaType.startsWith('multipart/')) return undefined;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_ACTION_BODY_BYTES) return tooLarge();
  const text = await request.clone().text();
  if (Buffer.byteLength(text) > MAX_ACTION_BODY_BYTES) return tooLarge();
  try {
    JSON.parse(text);
    return undefined;
  } catch {
    return badJson();
  }
}

const tooLarge = () => requestTooLarge(MAX_ACTION_BODY_BYTES);

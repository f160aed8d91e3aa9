// A request's parts read into typed input, or a typed 400/413: every server entry point reads its
// input this way (lib/api's actor-entry, lib/setup-links' entry), so it sits low, with validation.
import type { ZodType } from 'zod';
import { badJson, requestInvalid, requestTooLarge } from './errors';

/** A request part (address, query, body) checked by its schema, or a typed 400. */
export function parse<T>(schema: ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.length ? ` (${issue.path.join('.')})` : '';
  throw requestInvalid(where, field, issue.message, parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })));
}

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** The body as JSON, read no further than `maxBytes` (a larger body is refused, not buffered). */
export async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const tooLarge = () => requestTooLarge(maxBytes);
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw badJson();
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badJson();
  }
}

// A request or response body read no further than a byte limit, whatever its Content-Length says
// (a chunked body declares none): the read stops, and the stream is cancelled, as soon as the
// bytes that arrived pass the limit.

/** The whole body, or undefined when it is larger than `maxBytes`. */
export async function readBodyUpTo(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** A form post (urlencoded or multipart) read no further than `maxBytes`; `form` is absent when it does not parse. */
export async function readFormUpTo(request: Request, maxBytes: number): Promise<{ tooLarge: true } | { tooLarge: false; form?: FormData }> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return { tooLarge: true };
  const body = await readBodyUpTo(request.body, maxBytes);
  if (!body) return { tooLarge: true };
  const form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData().catch(() => undefined);
  return { tooLarge: false, ...(form ? { form } : {}) };
}

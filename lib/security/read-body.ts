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

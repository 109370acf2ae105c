// Bodies read with a byte counter: a request over its limit is refused as soon as the count passes
// it (or at once when its Content-Length says so), never read whole first.

/** The body was larger than `limit` bytes. */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`body over ${limit} bytes`);
  }
}

/**
 * The bytes of `stream`, at most `limit` of them: `TooLarge` as soon as one more arrives (the
 * stream is cancelled then). `null` reads as an empty body.
 */
export async function readBounded(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (stream === null) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** True when a request's `Content-Length` already says it is over `limit`. */
export function declaredOver(headers: Headers, limit: number): boolean {
  const declared = headers.get('content-length');
  return declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit;
}

// Gzip batches as the platform reads them: decompressed with a limit, so a small bomb cannot expand without bound.

/**
 * The bytes `body` decompresses to as gzip (the platform's `DecompressionStream`, in Node and
 * browsers alike), reading no further than `limit` bytes: `413` beyond it, `400` when it is not
 * gzip (or is cut short).
 */
export async function gunzip(body: Uint8Array<ArrayBuffer>, limit: number): Promise<Uint8Array | 400 | 413> {
  const reader = new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.length;
      if (size > limit) {
        void reader.cancel().catch(() => {});
        return 413;
      }
      chunks.push(read.value);
    }
  } catch {
    return 400;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

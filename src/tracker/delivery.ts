// How the queue travels: gzip bodies under the platform's 64 KiB, the one function that sends,
// what the platform answers to retry, and how long to wait before trying again. The queue itself
// lives with the tracker's state (index.ts).
import { deliver, MAX_WAIT_MS } from '@svc/core';

/** Bytes of one request body as sent, at most: under the platform's 64 KiB limit. */
export const MAX_BODY = 60_000;
/** Bytes of one batch's JSON before compression, at most: under the platform's 1 MiB limit once decompressed. */
export const MAX_JSON = 1_000_000;
/**
 * Characters of a batch's JSON from which an ordinary request sends it gzip. A smaller body fits
 * the first flight of a connection with its headers (TCP's initial window: 10 segments of about
 * 1,460 bytes), so compressing it saves no round trip, while each `CompressionStream` costs the
 * page its own work: about a sixth of delivery's main-thread time with 20-event batches in the
 * bench (docs/performance.md). Batches compressed ahead of page exit are gzip whatever their size: there
 * the keepalive budget is what counts.
 */
export const GZIP_FROM = 8_192;
/** What Chromium lets the keepalive requests of a page carry in all (64 KiB), with a margin. */
export const KEEPALIVE_BUDGET = 64_000;

const encoder = new TextEncoder();

/**
 * UTF-8 bytes of `text`, counted without encoding it (an event's size is taken at each emit, and
 * `TextEncoder` would allocate its bytes): one byte per ASCII character, two up to U+07FF, three
 * for the rest of the BMP, four for a surrogate pair (two halves, two bytes each). JSON carries no
 * lone surrogate (`JSON.stringify` escapes them).
 */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    const surrogate = code >= 0xd800 && code <= 0xdfff;
    bytes += code < 0x800 || surrogate ? 1 : 2;
  }
  return bytes;
}

/**
 * How many of the first events (given by their UTF-8 bytes) fit a body of `limit` bytes
 * `{"sentAt":<13 digits>,"events":[...]}` (one event at least, however big).
 */
export function fitting(sizes: readonly number[], limit: number): number {
  let bytes = 40;
  let n = 0;
  while (n < sizes.length) {
    const withNext = bytes + sizes[n] + 1; // the event and its comma
    if (n > 0 && withNext > limit) break;
    bytes = withNext;
    n += 1;
  }
  return n;
}

/** The batch body of events given as their JSON. */
export const body = (events: readonly string[]) => `{"sentAt":${Date.now()},"events":[${events}]}`;

/**
 * The gzip of `text` by the browser's `CompressionStream`; `undefined` where there is none, or when
 * the compression fails (the stream aborted as the page goes): the batch then travels as JSON. The
 * bytes are written to the stream's writer and read back by one `Response`: no Blob and no pipe
 * in between (each costs the page its own promises per batch).
 */
export async function compress(text: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (typeof CompressionStream !== 'function') return undefined;
  const stream = new CompressionStream('gzip');
  const writer = stream.writable.getWriter();
  writer.write(encoder.encode(text)).catch(() => {});
  writer.close().catch(() => {});
  try {
    return new Uint8Array(await new Response(stream.readable).arrayBuffer());
  } catch {
    return undefined;
  }
}

/** Bytes of a body as sent: its UTF-8 bytes for JSON, its length for gzip. */
export const sizeOf = (data: string | Uint8Array) => (typeof data === 'string' ? utf8Bytes(data) : data.length);

/**
 * POSTs a batch body: a string as it is, bytes as gzip (`?encoding=gzip`). Always
 * `text/plain;charset=UTF-8` (a simple request: no preflight) without credentials. `keepalive`:
 * it outlives the page (only for bodies within the browser's keepalive budget). `timeout`: ms
 * after which the request is abandoned. Resolves `undefined` when no answer came.
 */
export function post(url: string, data: string | Uint8Array<ArrayBuffer>, keepalive: boolean, timeout?: number) {
  const target = typeof data === 'string' ? url : `${url}?encoding=gzip`;
  return deliver(target, { body: data, keepalive, timeout });
}

/**
 * Ms before attempt `attempt` + 1: full jitter in [0, min(max, base * 2^attempt)], after the
 * platform's Retry-After when it sent one (a floor, never shortened; the jitter on top spreads the
 * pages it told the same time, which would otherwise all come back together: `npm run simulate`);
 * at most 2e9 (setTimeout fires at once for more than 2^31 - 1, which would retry in a loop).
 */
export function backoff(attempt: number, retryAfterMs: number | undefined, base: number, max: number): number {
  const jittered = Math.random() * Math.min(max, base * 2 ** attempt);
  return Math.min(MAX_WAIT_MS, (retryAfterMs ?? 0) + jittered);
}

import { deliver, MAX_WAIT_MS } from '@svc/core';

// How the queue travels: request bodies under the platform's 64 KiB, which answers to retry, and
// how long to wait before trying again. The sending itself lives with the tracker's state (index.ts).
/** Bytes of one request body at most: under the platform's 64 KiB limit. */
export const MAX_BODY = 60_000;
/** What Chromium lets the keepalive requests of a page carry in all (64 KiB), with a margin. */
export const KEEPALIVE_BUDGET = 64_000;

/**
 * The body `{"sentAt","events"}` of the first events of `events` (each as its JSON) that fit: at
 * most `max` events and `limit` UTF-8 bytes (one event at least). Returns how many were taken,
 * the body and its bytes.
 */
export function batch(events: readonly string[], max: number, limit: number): [number, string, number] {
  let bytes = 40; // {"sentAt":<13 digits>,"events":[]}
  let n = 0;
  for (const event of events) {
    const size = new Blob([event]).size + 1; // UTF-8 bytes, and the comma
    if (n >= max || (n && bytes + size > limit)) break;
    bytes += size;
    n++;
  }
  return [n, `{"sentAt":${Date.now()},"events":[${events.slice(0, n)}]}`, bytes];
}

/**
 * POSTs a body through core's transport as `text/plain;charset=UTF-8` (a simple request: no
 * preflight, no credentials); `keepalive`: it
 * outlives the page. Only for bodies that fit the browser's 64 KiB keepalive budget: a bigger one
 * is a network error there, before any byte is sent. Resolves `undefined` when no answer came.
 */
export const post = (url: string, body: string, keepalive: boolean) => deliver(url, { body, keepalive });

/** Worth trying again: no answer (0), 408, 429, 5xx. Anything else is final: 2xx acknowledged, other 4xx refused. */
export const retryable = (status?: number) => !status || status == 408 || status == 429 || status > 499;

/**
 * Ms before attempt `attempt` + 1: Retry-After (seconds) when the platform said so and it is
 * longer, else full jitter in [0, min(max, base * 2^attempt)]; at most 2e9 (setTimeout fires at
 * once for more than 2^31 - 1, which would retry in a loop).
 */
export function backoff(attempt: number, retryAfterMs: number | undefined, base: number, max: number): number {
  const jittered = Math.random() * Math.min(max, base * 2 ** attempt);
  return Math.min(MAX_WAIT_MS, Math.max(retryAfterMs ?? 0, jittered));
}

import { MAX_WAIT_MS, retryAfterMs } from '../../src/core/retry-after';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY, backoff, batch, retryable } from '../../src/tracker/delivery';
import type { TrackingEvent } from '../../src/tracker/types';

const event = (id: string, name = ''): TrackingEvent => ({
  meta: { id, type: 'ecProduct', ts: 1, visitorId: 'v', pageViewId: 'pv', seq: 1, url: 'u' },
  data: { eventType: 'detail', product: { productId: 'p', name } },
});
const json = (id: string, name = '') => JSON.stringify(event(id, name));
const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('batch', () => {
  afterEach(() => vi.useRealTimers());

  it('builds the protocol body of the first events, at most `max` of them', () => {
    vi.useFakeTimers({ now: 1_700_000_000_123 });
    const [taken, body, size] = batch([json('a'), json('b'), json('c')], 2, MAX_BODY);
    expect(taken).toBe(2);
    expect(JSON.parse(body)).toEqual({ sentAt: 1_700_000_000_123, events: [event('a'), event('b')] });
    // An upper bound: 40 counted for the 36-byte envelope, a comma per event (one too many).
    expect(size).toBe(bytes(body) + 5);
  });

  it('stops before `limit` UTF-8 bytes (multi-byte characters counted as such), but always takes one event', () => {
    const wide = (id: string) => json(id, '€'.repeat(10_000)); // 30,000 bytes, 10,000 UTF-16 units
    const [taken, body] = batch([wide('a'), wide('b'), wide('c')], 20, MAX_BODY);
    expect(taken).toBe(1);
    expect(JSON.parse(body).events.map((e: TrackingEvent) => e.meta.id)).toEqual(['a']);
    expect(bytes(body)).toBeLessThan(MAX_BODY);
    expect(batch([json('big', 'x'.repeat(70_000))], 20, MAX_BODY)[0]).toBe(1);
  });
});

describe('retryable', () => {
  it.each([0, 408, 429, 500, 503])('%i: retried', (status) => expect(retryable(status)).toBe(true));
  it.each([200, 204, 400, 404, 413])('%i: final', (status) => expect(retryable(status)).toBe(false));
});

describe('backoff', () => {
  it('full jitter in [0, min(max, base * 2^attempt)], Retry-After seconds when longer', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect([0, 1, 3, 10].map((k) => backoff(k, undefined, 1000, 60_000))).toEqual([500, 1000, 4000, 30_000]);
    // Retry-After, read by core's retryAfterMs (seconds or an HTTP date; a past date is 0).
    expect(backoff(0, retryAfterMs('7'), 1000, 60_000)).toBe(7000);
    expect(backoff(5, retryAfterMs('1'), 1000, 60_000)).toBe(16_000);
    expect(backoff(0, retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT'), 1000, 60_000)).toBe(500);
    // Never beyond what setTimeout holds (2^31 - 1 ms): a longer delay would fire at once, in a loop.
    expect([backoff(0, retryAfterMs('3000000'), 1000, 60_000), backoff(40, undefined, 1000, 3e9)]).toEqual([MAX_WAIT_MS, 1.5e9]);
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    expect(backoff(40, undefined, 1000, 3e9)).toBe(MAX_WAIT_MS);
  });
});

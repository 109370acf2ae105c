import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryAfterMs } from '../../src/core/retry-after';
import { MAX_WAIT_MS } from '../../src/core/timer';
import { backoff, body, compress, fitting, MAX_BODY, utf8Bytes } from '../../src/tracker/delivery';
import { retryable } from '../../src/tracker/retryable';
import type { TrackingEvent } from '../../src/tracker/types';

const event = (id: string, name = ''): TrackingEvent => ({
  meta: { id, type: 'ecProduct', ts: 1, visitorId: 'v', pageViewId: 'pv', seq: 1, url: 'u' },
  data: { eventType: 'detail', product: { productId: 'p', name } },
});
const json = (id: string, name = '') => JSON.stringify(event(id, name));
const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('batch', () => {
  afterEach(() => vi.useRealTimers());

  it('body(): the protocol body of the events given as JSON', () => {
    vi.useFakeTimers({ now: 1_700_000_000_123 });
    expect(JSON.parse(body([json('a'), json('b')]))).toEqual({
      sentAt: 1_700_000_000_123,
      events: [event('a'), event('b')],
    });
  });

  it('fitting(): the first events whose body stays within `limit` UTF-8 bytes (multi-byte characters counted as such), one at least', () => {
    const wide = (id: string) => json(id, '€'.repeat(10_000)); // 30,000 bytes, 10,000 UTF-16 units
    const events = [wide('a'), wide('b'), wide('c')];
    expect(utf8Bytes(events[0])).toBeGreaterThan(30_000);
    const n = fitting(events.map(utf8Bytes), MAX_BODY);
    expect(n).toBe(1);
    expect(bytes(body(events.slice(0, n)))).toBeLessThan(MAX_BODY);
    expect(fitting([json('big', 'x'.repeat(70_000))].map(utf8Bytes), MAX_BODY)).toBe(1);
    // The bound is exact or above: the body of what fits never exceeds the limit.
    const small = Array.from({ length: 500 }, (_, i) => json(`e${i}`));
    const k = fitting(small.map(utf8Bytes), 20_000);
    expect(bytes(body(small.slice(0, k)))).toBeLessThanOrEqual(20_000);
    expect(bytes(body(small.slice(0, k + 1)))).toBeGreaterThan(20_000 - 20);
  });

  it('utf8Bytes() counts what TextEncoder writes: ASCII, two- and three-byte characters, surrogate pairs', () => {
    for (const text of [
      '',
      'plain',
      'Grüße',
      '€ 19,90',
      '日本語',
      '😀 and 👍🏽',
      JSON.stringify({ name: 'Ünïcödé €😀' }),
    ])
      expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
  });

  it('compress() (CompressionStream) gives the gzip of the text', async () => {
    const text = body(Array.from({ length: 100 }, (_, i) => json(`e${i}`, '€ and more')));
    const gzip = (await compress(text))!;
    expect([gzip[0], gzip[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(gzip).toString('utf8')).toBe(text);
    expect(gzip.length).toBeLessThan(bytes(text) / 5);
  });

  it('compress() resolves undefined where the browser has no CompressionStream', async () => {
    vi.stubGlobal('CompressionStream', undefined);
    try {
      expect(await compress('{}')).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('retryable', () => {
  it.each([0, 408, 429, 500, 503])('%i: retried', (status) => expect(retryable(status)).toBe(true));
  it.each([200, 204, 400, 404, 413])('%i: final', (status) => expect(retryable(status)).toBe(false));
});

describe('backoff', () => {
  it('full jitter in [0, min(max, base * 2^attempt)], after the Retry-After seconds when there are', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect([0, 1, 3, 10].map((k) => backoff(k, undefined, 1000, 60_000))).toEqual([500, 1000, 4000, 30_000]);
    // Retry-After, read by core's retryAfterMs (seconds or an HTTP date; a past date is 0).
    expect(backoff(0, retryAfterMs('7'), 1000, 60_000)).toBe(7500);
    expect(backoff(5, retryAfterMs('1'), 1000, 60_000)).toBe(17_000);
    expect(backoff(0, retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT'), 1000, 60_000)).toBe(500);
    // Never beyond what setTimeout holds (2^31 - 1 ms): a longer delay would fire at once, in a loop.
    expect([backoff(0, retryAfterMs('3000000'), 1000, 60_000), backoff(40, undefined, 1000, 3e9)]).toEqual([
      MAX_WAIT_MS,
      1.5e9,
    ]);
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    expect(backoff(40, undefined, 1000, 3e9)).toBe(MAX_WAIT_MS);
  });
});

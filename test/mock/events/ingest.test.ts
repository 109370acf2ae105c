import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type BusTopics, createBus } from '../../../src/mock/platform/bus';
import { createClock } from '../../../src/mock/platform/clock';
import { createEventsArea } from '../../../src/mock/platform/events';
import { createProperties } from '../../../src/mock/platform/properties';
import type { TrackingEvent } from '../../../src/tracker/types';
import { useMockPlatform } from '../../support/mock-server';

// The events endpoint of @svc/mock: POST {events}/events/v1/{trackingId}, text/plain batches,
// validation against the tracker's event table, 413 over 64 KiB, dedupe by meta.id, the bus.
const mock = useMockPlatform({ now: '2026-11-21T12:00:00Z' });
const URL_ = 'https://events.svc.example/events/v1/shop_1';

let n = 0;
const event = (type: string, data: Record<string, unknown>, id = `id-${++n}`): TrackingEvent => ({
  meta: { id, type, ts: 1_700_000_000_000, visitorId: 'v1', pageViewId: 'pv1', seq: n, url: 'https://shop.example/p' },
  data,
});
const product = (productId: string) => event('ecProduct', { eventType: 'detail', product: { productId } });
const post = (body: string, url = URL_) =>
  fetch(url, { method: 'POST', body }).then(async (r) => ({ status: r.status, body: await r.json() }));
const batch = (events: unknown[]) => JSON.stringify({ sentAt: 1_700_000_000_500, events });

describe('POST /events/v1/{trackingId}', () => {
  it('accepts a batch and makes the tracking id known', async () => {
    const events = [product('a'), product('b')];
    expect(mock.platform.properties.has('shop_1')).toBe(false);
    expect(await post(batch(events))).toEqual({ status: 200, body: { status: 200, accepted: 2, duplicates: 0 } });
    expect(mock.platform.properties.has('shop_1')).toBe(true);
    expect(mock.platform.inspect.events.received('shop_1')).toEqual(
      events.map((e) => ({ ...e, duplicates: 0, receivedAt: Date.parse('2026-11-21T12:00:00Z') })),
    );
    const [sent] = await mock.sent();
    expect(sent.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
  });

  it('deduplicates by meta.id and counts the duplicates', async () => {
    const a = product('a');
    const b = product('b');
    await post(batch([a]));
    expect(await post(batch([a, b, a]))).toEqual({ status: 200, body: { status: 200, accepted: 1, duplicates: 2 } });
    expect(mock.platform.inspect.events.received('shop_1').map((e) => [e.meta.id, e.duplicates])).toEqual([
      [a.meta.id, 2],
      [b.meta.id, 0],
    ]);
    expect(mock.platform.inspect.events.stats('shop_1')).toEqual({
      requests: 2,
      accepted: 2,
      duplicates: 2,
      rejected: 0,
    });
  });

  it.each([
    ['not JSON', '{"sentAt":', 'body is not JSON'],
    ['no events array', JSON.stringify({ sentAt: 1 }), 'body must be {"sentAt": <ms>, "events": [...]}'],
    [
      'an unknown type',
      batch([event('ecNope', {})]),
      'events[0].meta.type must be one of ecView, ecUser, ecProduct, ecBasketItemAction, ecBasketItemTransaction, ecBasketTransactionSummary, recommendationShown, recommendationClicked (got "ecNope")',
    ],
    [
      'a missing required field',
      batch([event('ecProduct', { eventType: 'detail', product: {} })]),
      'events[0].data.product.productId is required (got undefined)',
    ],
    [
      'a mistyped field',
      batch([product('a'), event('ecBasketItemAction', { action: 'add', product: { productId: 'p' }, quantity: '2' })]),
      'events[1].data.quantity must be a finite number (got "2")',
    ],
    [
      'a meta without id',
      batch([{ meta: { type: 'ecUser' }, data: { user: {} } }]),
      'events[0].meta.id is required (got undefined)',
    ],
  ])('answers 400 to a batch with %s, naming the problem, and holds nothing of it', async (_what, body, message) => {
    expect(await post(body)).toEqual({ status: 400, body: { status: 400, message } });
    expect(mock.platform.inspect.events.received('shop_1')).toEqual([]);
    expect(mock.platform.inspect.events.stats('shop_1').rejected).toBe(1);
  });

  it('answers 413 to a body over 64 KiB, 200 to one of exactly 64 KiB', async () => {
    const sized = (bytes: number) => {
      const base = batch([event('ecUser', { user: { id: '' } }, 'big')]);
      return base.replace('"id":""', `"id":"${'x'.repeat(bytes - base.length)}"`);
    };
    expect(await post(sized(65_537))).toEqual({
      status: 413,
      body: { status: 413, message: 'batch of 65537 bytes is over the limit of 65536' },
    });
    expect((await post(sized(65_536))).status).toBe(200);
  });

  it('counts the bytes received, not their decoding: 40,000 bytes that are not UTF-8 are a 400, not a 413', async () => {
    const text = batch([event('ecUser', { user: { id: '' } }, 'bin')]);
    const at = text.indexOf('"id":""') + 6;
    const encoder = new TextEncoder();
    const body = new Uint8Array([
      ...encoder.encode(text.slice(0, at)),
      ...new Uint8Array(40_000).fill(0xff),
      ...encoder.encode(text.slice(at)),
    ]);
    const response = await fetch(URL_, { method: 'POST', body });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { status: 400, message: 'body is not UTF-8' },
    });
    expect(mock.platform.inspect.events.received('shop_1')).toEqual([]);
  });

  it('applies the events route faults: 503, then 429 with Retry-After, then offline', async () => {
    mock.platform.faults.set('events', { status: 503, times: 1 });
    expect((await post(batch([product('a')]))).status).toBe(503);
    mock.platform.faults.set('events', { status: 429, retryAfter: 7, times: 1 });
    const limited = await fetch(URL_, { method: 'POST', body: batch([product('a')]) });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    mock.platform.faults.set('events', { offline: true, times: 1 });
    await expect(post(batch([product('a')]))).rejects.toThrow();
    expect(mock.platform.inspect.events.received('shop_1')).toEqual([]);
  });

  it('answers 400 naming a tracking id whose percent-encoding is malformed (not a router 500)', async () => {
    expect(await post(batch([product('a')]), 'https://events.svc.example/events/v1/%E0%A4%A')).toEqual({
      status: 400,
      body: { status: 400, message: 'trackingId has an invalid value: %E0%A4%A' },
    });
    expect(mock.platform.inspect.events.stats().accepted).toBe(0);
  });

  it('a 429 always carries Retry-After (1 s unless the fault says otherwise)', async () => {
    mock.platform.faults.set('events', { status: 429, times: 1 });
    const limited = await fetch(URL_, { method: 'POST', body: batch([product('a')]) });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
  });

  it('every answer lets a cross-origin page read it: Access-Control-Allow-Origin *, Retry-After exposed', async () => {
    mock.platform.faults.set('events', { status: 503, retryAfter: 3, times: 1 });
    const answers = [
      await fetch(URL_, { method: 'POST', body: batch([product('a')]) }),
      await fetch(URL_, { method: 'POST', body: batch([product('a')]) }),
      await fetch(URL_, { method: 'POST', body: '{' }),
    ];
    expect(
      answers.map((r) => [
        r.status,
        r.headers.get('access-control-allow-origin'),
        r.headers.get('access-control-expose-headers'),
      ]),
    ).toEqual([
      [503, '*', 'Retry-After'],
      [200, '*', 'Retry-After'],
      [400, '*', 'Retry-After'],
    ]);
  });

  it('metrics(): shown, clicked and click-through rate per strategy', async () => {
    const shown = (strategy: string, id: string) => event('recommendationShown', { id, weight: 0.5, strategy });
    const clicked = (strategy: string, id: string) =>
      event('recommendationClicked', { id, weight: 0.5, strategy, position: 1 });
    await post(
      batch([
        shown('popular', 'p1'),
        shown('popular', 'p2'),
        shown('cf_viewed', 'p3'),
        clicked('popular', 'p1'),
        product('x'),
      ]),
    );
    expect(mock.platform.inspect.events.metrics('shop_1')).toEqual([
      { strategy: 'cf_viewed', shown: 1, clicked: 0, clickThroughRate: 0 },
      { strategy: 'popular', shown: 2, clicked: 1, clickThroughRate: 0.5 },
    ]);
    expect(mock.platform.inspect.events.metrics('other')).toEqual([]);
  });

  it('keeps tracking ids apart and __proto__ ids harmless', async () => {
    await post(batch([product('a')]), 'https://events.svc.example/events/v1/shop_2');
    const b = product('b');
    await post(batch([b]));
    await post(batch([event('ecUser', { user: { id: 'u' } }, '__proto__')]));
    expect(mock.platform.inspect.events.received('shop_1').map((e) => e.meta.id)).toEqual([b.meta.id, '__proto__']);
    expect(mock.platform.inspect.events.received('shop_2')).toHaveLength(1);
    expect(mock.platform.inspect.events.trackingIds().sort()).toEqual(['shop_1', 'shop_2']);
    expect(({} as Record<string, unknown>).meta).toBeUndefined();
  });
});

describe('POST /events/v1/{trackingId}?encoding=gzip', () => {
  const GZIP = `${URL_}?encoding=gzip`;
  const postBytes = (body: Uint8Array, url = GZIP) =>
    fetch(url, {
      method: 'POST',
      body: new Uint8Array(body),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('accepts a gzip batch as the same batch uncompressed: validated, deduplicated', async () => {
    const [a, b] = [product('a'), product('b')];
    expect(await postBytes(gzipSync(batch([a, b, a])))).toEqual({
      status: 200,
      body: { status: 200, accepted: 2, duplicates: 1 },
    });
    expect(await post(batch([b]))).toEqual({ status: 200, body: { status: 200, accepted: 0, duplicates: 1 } });
    expect(mock.platform.inspect.events.received('shop_1').map((e) => e.meta.id)).toEqual([a.meta.id, b.meta.id]);
    const invalid = gzipSync(batch([event('ecProduct', { eventType: 'detail', product: {} })]));
    expect(await postBytes(invalid)).toEqual({
      status: 400,
      body: { status: 400, message: 'events[0].data.product.productId is required (got undefined)' },
    });
  });

  it('413 over 64 KiB as received; 200 for 64 KiB of gzip that is more once decompressed', async () => {
    // Random bytes in a name do not compress: the gzip stays about as big as the JSON.
    const withName = (hexLength: number) =>
      batch([
        event('ecProduct', {
          eventType: 'detail',
          product: { productId: 'p', name: randomBytes(hexLength / 2).toString('hex') },
        }),
      ]);
    const big = gzipSync(withName(140_000));
    expect(big.length).toBeGreaterThan(65_536);
    expect(await postBytes(big)).toEqual({
      status: 413,
      body: { status: 413, message: `batch of ${big.length} bytes is over the limit of 65536` },
    });
    const fits = gzipSync(withName(100_000));
    expect(fits.length).toBeLessThan(65_536);
    expect((await postBytes(fits)).status).toBe(200);
  });

  it('413 for a gzip that decompresses to over 1 MiB (a small bomb), 200 just under', async () => {
    const padded = (bytes: number) => {
      const base = batch([event('ecUser', { user: { id: '' } })]);
      return base.replace('"id":""', `"id":"${'x'.repeat(bytes - base.length)}"`);
    };
    const bomb = gzipSync(padded(1_048_577));
    expect(bomb.length).toBeLessThan(2_000);
    expect(await postBytes(bomb)).toEqual({
      status: 413,
      body: { status: 413, message: 'batch decompresses to over the limit of 1048576 bytes' },
    });
    expect((await postBytes(gzipSync(padded(1_048_576)))).status).toBe(200);
    // Far beyond: refused the same way, without decompressing it all.
    expect((await postBytes(gzipSync(Buffer.alloc(50_000_000, 32)))).status).toBe(413);
  });

  it('platform.on tells each event accepted, JSON or gzip, once, and stops when asked', async () => {
    const told: BusTopics['event'][] = [];
    const stop = mock.platform.on('event', (message) => told.push(message));
    const [a, b] = [product('a'), product('b')];
    await post(batch([a]));
    await postBytes(gzipSync(batch([a, b])));
    stop();
    await post(batch([product('c')]));
    expect(told).toEqual([
      { trackingId: 'shop_1', event: { meta: a.meta, data: a.data } },
      { trackingId: 'shop_1', event: { meta: b.meta, data: b.data } },
    ]);
  });

  it('400 naming it for a body that is not gzip (plain JSON, cut short) and for an encoding other than gzip', async () => {
    const notGzip = { status: 400, body: { status: 400, message: 'body is not gzip (encoding=gzip)' } };
    expect(await postBytes(new TextEncoder().encode(batch([product('a')])))).toEqual(notGzip);
    const whole = gzipSync(batch([product('a')]));
    expect(await postBytes(whole.subarray(0, whole.length - 10))).toEqual(notGzip);
    expect(await postBytes(whole, `${URL_}?encoding=br`)).toEqual({
      status: 400,
      body: { status: 400, message: 'encoding must be gzip (got "br")' },
    });
    expect(mock.platform.inspect.events.received('shop_1')).toEqual([]);
    expect(mock.platform.inspect.events.stats('shop_1')).toMatchObject({ requests: 3, rejected: 3 });
  });
});

describe('the events area on the bus', () => {
  it('emits "event" once per newly accepted event, in order, never for duplicates', () => {
    const clock = createClock(0);
    const bus = createBus();
    const properties = createProperties(clock.now);
    const area = createEventsArea({ clock, bus, properties });
    const heard: BusTopics['event'][] = [];
    bus.on('event', (m) => heard.push(m));
    const [a, b] = [product('a'), product('b')];
    expect(area.service.ingest('shop_9', batch([a, b, a]))).toEqual({
      status: 200,
      body: { status: 200, accepted: 2, duplicates: 1 },
    });
    expect(area.service.ingest('shop_9', batch([b]))).toEqual({
      status: 200,
      body: { status: 200, accepted: 0, duplicates: 1 },
    });
    expect(heard).toEqual([
      { trackingId: 'shop_9', event: a },
      { trackingId: 'shop_9', event: b },
    ]);
    expect(properties.has('shop_9')).toBe(true);
  });
});

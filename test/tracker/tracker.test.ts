// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { pageTracker } from '../../src/core/tracker-slot';
import { createTracker, type Tracker, type TrackerOptions, type TrackingEvent } from '../../src/tracker';
import { body, GZIP_FROM } from '../../src/tracker/delivery';
import { thrown } from '../support/failure';
import { fakeTime, settle } from '../support/fake-time';
import { useMockPlatform } from '../support/mock-server';
import { spyOnStorage } from '../support/storage-spy';
import { useTrackers } from './helpers';

// The tracker against @svc/mock in Node (MSW), the DOM from happy-dom. Browser-only behaviour
// (cookie domains, page exit, tabs, offline) is in test/e2e/tracker.spec.ts.
const mock = useMockPlatform();
const TID = 'shop_1';
const URL_ = `https://events.svc.example/events/v1/${TID}`;
const start = useTrackers(TID, { batchDelay: 0, retryBase: 1, retryMax: 5 });
const product = (i: number) => ({ eventType: 'detail', product: { productId: `p${i}` } });
const emitN = (t: Tracker, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => t.emit('ecProduct', product(from + i)));
const held = () => mock.platform.inspect.events.received(TID);
const batches = async () => (await mock.sent()).map((r) => r.json as { sentAt: number; events: TrackingEvent[] });
const queueKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('_svcq:'));
/** The events a page view holds in storage: its chunks `_svcq:<tid>:<pageViewId>:<n>`, in order. */
const storedEvents = (pageViewId: string): TrackingEvent[] =>
  queueKeys()
    .filter((k) => k.startsWith(`_svcq:${TID}:${pageViewId}:`))
    .sort((a, b) => +a.split(':').pop()! - +b.split(':').pop()!)
    .flatMap((k) => JSON.parse(localStorage.getItem(k)!));
/** Hex digits that do not compress much: events that keep their size on the wire. */
const noise = (length: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length / 2)), (b) => b.toString(16).padStart(2, '0')).join('');

beforeEach(() => {
  expect(document.cookie).toBe('');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createTracker refuses bad options before anything is sent', () => {
  it.each([
    [{ trackingId: 'a/b' }, 'options.trackingId'],
    [{ trackingId: TID, consent: 'maybe' }, 'options.consent'],
    [{ trackingId: TID, cookieDomain: 5 }, 'options.cookieDomain'],
    [{ trackingId: TID, batchSize: 0 }, 'options.batchSize'],
    [{ trackingId: TID, batchDelay: -1 }, 'options.batchDelay'],
    [{ trackingId: TID, maxQueue: 1.5 }, 'options.maxQueue'],
  ])('%j: INVALID_ARGUMENT naming %s', async (options, argument) => {
    expect(thrown(() => createTracker(options as TrackerOptions), InvalidArgumentError).argument).toBe(argument);
    expect(await mock.sent()).toEqual([]);
    expect(document.cookie).toBe('');
  });
});

describe('emit', () => {
  it('adds meta, registers the tracker, and sends exactly the protocol request', async () => {
    const t = start();
    expect(pageTracker()).toBe(t);
    const event = t.emit('ecView', { type: 'home', language: 'en', country: 'GB', currency: 'GBP' });
    expect(event).toEqual({
      meta: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'ecView',
        ts: expect.any(Number),
        visitorId: t.visitorId,
        pageViewId: t.pageViewId,
        seq: 1,
        url: location.href,
      },
      data: { type: 'home', language: 'en', country: 'GB', currency: 'GBP' },
    });
    expect(t.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.cookie).toBe(`_svcTracker=${t.visitorId}; svc_permanent=${t.visitorId}`);
    await t.flush();
    const [request] = await mock.sent();
    // One small event: JSON (a batch under GZIP_FROM characters is not worth compressing).
    expect([request.method, request.url.href, request.headers.get('content-type')]).toEqual([
      'POST',
      URL_,
      'text/plain;charset=UTF-8',
    ]);
    expect(request.json).toEqual({ sentAt: expect.any(Number), events: [event] });
    expect(held()).toEqual([{ ...event, duplicates: 0, receivedAt: expect.any(Number) }]);
    expect(t.queued).toBe(0);
  });

  it('refuses an invalid event with INVALID_ARGUMENT naming the field; nothing queued or sent', async () => {
    const t = start();
    expect(() => t.emit('ecProduct', { eventType: 'detail', product: {} })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'data.product.productId' }),
    );
    expect(() => t.emit('ecClick', {})).toThrow(expect.objectContaining({ argument: 'type' }));
    expect(t.queued).toBe(0);
    await t.flush();
    expect(await mock.sent()).toEqual([]);
  });

  it('serialises at emit: changing the caller object afterwards does not change what travels', async () => {
    const t = start();
    const data = product(1);
    t.emit('ecProduct', data);
    data.product.productId = 'changed';
    await t.flush();
    expect(held()[0].data).toEqual(product(1));
  });

  it('numbers events 1, 2, 3 within the page view', () => {
    const t = start();
    expect(emitN(t, 3).map((e) => [e.meta.seq, e.meta.pageViewId])).toEqual([1, 2, 3].map((n) => [n, t.pageViewId]));
  });
});

describe('batching', () => {
  it('a full batch (20) leaves at once; the rest after batchDelay', async () => {
    const t = start({ batchDelay: 20 });
    const events = emitN(t, 25);
    await vi.waitFor(() => expect(held()).toHaveLength(25));
    expect((await batches()).map((b) => b.events.map((e) => e.meta.seq))).toEqual([
      Array.from({ length: 20 }, (_, i) => i + 1),
      [21, 22, 23, 24, 25],
    ]);
    expect(held().map((e) => e.meta.id)).toEqual(events.map((e) => e.meta.id));
  });

  it('a request carries every event that fits 60,000 bytes of gzip: 1,000 small events in one request', async () => {
    const t = start({ consent: 'pending' });
    emitN(t, 1000);
    t.consent('granted');
    await t.flush();
    const sent = await mock.sent();
    expect(sent.map((r) => (r.json as { events: unknown[] }).events.length)).toEqual([1000]);
    expect(sent[0].bytes).toBeLessThan(60_000);
    expect(sent[0].bytes).toBeLessThan(new TextEncoder().encode(sent[0].body).length / 5);
    expect(held()).toHaveLength(1000);
  });

  it(`a batch under GZIP_FROM (${GZIP_FROM}) characters of JSON travels as JSON; from GZIP_FROM, gzip`, async () => {
    const named = (name: string) => ({ eventType: 'detail', product: { productId: 'p0', name } });
    // The length of a one-event batch with an empty name (ids, times and seq have fixed lengths here).
    const probe = start({ consent: 'pending' });
    const empty = body([JSON.stringify(probe.emit('ecProduct', named('')))]).length;
    probe.stop();
    const t = start();
    t.emit('ecProduct', named('n'.repeat(GZIP_FROM - 1 - empty)));
    await t.flush();
    t.emit('ecProduct', named('n'.repeat(GZIP_FROM - empty)));
    await t.flush();
    const sent = await mock.sent();
    expect(sent.map((r) => r.url.search)).toEqual(['', '?encoding=gzip']);
    expect(sent.map((r) => r.body.length)).toEqual([GZIP_FROM - 1, GZIP_FROM]);
    expect(held()).toHaveLength(2);
  });

  it('keeps every request body under 64 KiB as sent: events that do not compress go in several requests', async () => {
    const t = start();
    for (let i = 0; i < 20; i++)
      t.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}`, name: noise(10_000) } });
    await t.flush();
    const sent = await mock.sent();
    expect(sent.length).toBeGreaterThan(1);
    for (const r of sent) expect(r.bytes).toBeLessThan(60_000);
    expect(held()).toHaveLength(20);
  });

  it('without CompressionStream: uncompressed batches (no ?encoding), each under 60,000 bytes', async () => {
    vi.stubGlobal('CompressionStream', undefined);
    try {
      const t = start();
      const big = 'x'.repeat(5000);
      for (let i = 0; i < 20; i++)
        t.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}`, name: big } });
      await t.flush();
      const sent = await mock.sent();
      expect(sent.map((r) => r.url.href)).toEqual([URL_, URL_]);
      for (const r of sent) expect(r.bytes).toBeLessThan(60_000);
      expect(held()).toHaveLength(20);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('failures', () => {
  it('5xx and network failures are retried until acknowledged: each event held once', async () => {
    mock.platform.faults.set('events', { status: 503, times: 2 });
    const t = start();
    emitN(t, 3);
    await vi.waitFor(() => expect(held()).toHaveLength(3));
    mock.platform.faults.set('events', { offline: true, times: 1 });
    emitN(t, 2, 3);
    await vi.waitFor(() => expect(held()).toHaveLength(5));
    expect((await mock.sent()).length).toBe(5);
    expect(t.dropped).toEqual({ overflow: 0, rejected: 0, invalid: 0 });
  });

  it('flush() sends at once while a retry waits for its own backoff (Flush now after a failure)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // the backoff: 30 s of the 60 s bound
    mock.platform.faults.set('events', { status: 503, times: 1 });
    const t = start({ retryBase: 60_000, retryMax: 60_000 });
    emitN(t, 3);
    await t.flush();
    expect([held().length, t.queued]).toEqual([0, 3]);
    await t.flush();
    expect([held().length, t.queued]).toEqual([3, 0]);
    expect((await mock.sent()).length).toBe(2);
  });

  it('flush() still waits for a Retry-After the platform sent', async () => {
    mock.platform.faults.set('events', { status: 429, retryAfter: 30, times: 1 });
    const t = start();
    emitN(t, 3);
    await t.flush();
    await t.flush();
    expect([held().length, t.queued]).toEqual([0, 3]);
    expect((await mock.sent()).length).toBe(1);
  });

  it('400 (for an event alone in its batch) and 413 are dropped and counted, never retried', async () => {
    // A 400 for the batch of 2 splits it; each event alone is refused once more.
    mock.platform.faults.set('events', { status: 400, times: 3 });
    const t = start();
    emitN(t, 2);
    await t.flush();
    mock.platform.faults.set('events', { status: 413, times: 1 });
    emitN(t, 3, 2);
    await t.flush();
    expect(t.dropped).toEqual({ overflow: 0, rejected: 5, invalid: 0 });
    expect(t.queued).toBe(0);
    expect((await mock.sent()).length).toBe(4);
    expect(queueKeys()).toEqual([]);
  });

  it('over maxQueue the oldest are dropped and counted', async () => {
    const t = start({ consent: 'pending', maxQueue: 5 });
    emitN(t, 8);
    expect([t.queued, t.dropped]).toEqual([5, { overflow: 3, rejected: 0, invalid: 0 }]);
    t.consent('granted');
    await t.flush();
    expect(held().map((e) => e.meta.seq)).toEqual([4, 5, 6, 7, 8]);
  });
});

// What delivery costs the page (issue 15): few requests for events emitted one per task, and no
// storage write for events the platform acknowledges soon enough. `npm run bench` measures the time.
const sizes = async () => (await batches()).map((b) => b.events.length);

describe('requests: events emitted one per task', () => {
  it('after a full batch, fewer than batchSize events wait for batchDelay, not for the request in flight to end', async () => {
    fakeTime();
    const t = start({ batchDelay: 1000 });
    for (let i = 0; i < 20; i++) t.emit('ecProduct', product(i)); // a full batch: leaves at once
    // 5 more, one per task, while that request is in flight.
    for (let i = 20; i < 25; i++) {
      t.emit('ecProduct', product(i));
      await vi.advanceTimersByTimeAsync(1);
    }
    await settle(() => expect(held()).toHaveLength(20));
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve)); // any request that would follow
    expect(await sizes()).toEqual([20]);
    await vi.advanceTimersByTimeAsync(1000);
    await settle(() => expect(held()).toHaveLength(25));
    expect(await sizes()).toEqual([20, 5]);
  });

  it('flush() still sends batch after batch until the queue is empty, however few events each', async () => {
    const t = start({ batchDelay: 60_000 });
    // Events that do not compress: one per request (60,000 bytes as sent at most).
    for (let i = 0; i < 3; i++)
      t.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}`, name: noise(100_000) } });
    await t.flush();
    expect([held().map((e) => e.meta.seq), await sizes(), t.queued]).toEqual([[1, 2, 3], [1, 1, 1], 0]);
  });
});

describe('storage while the platform acknowledges', () => {
  it('an event acknowledged within 2 s is never written; one waiting longer is written at 2 s; a failed attempt writes at once', async () => {
    fakeTime();
    const t = start({ batchDelay: 5000, retryBase: 60_000, retryMax: 60_000 });
    // Until the platform has answered once, events are written once per task, as before.
    t.emit('ecProduct', product(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(storedEvents(t.pageViewId).map((e) => e.meta.seq)).toEqual([1]);
    const flushed = t.flush();
    await settle(() => expect(held()).toHaveLength(1));
    await flushed;
    expect(storedEvents(t.pageViewId)).toEqual([]);

    const setItem = spyOnStorage(localStorage, 'setItem');
    const chunkWrites = () => setItem.mock.calls.filter(([k]) => k.startsWith(`_svcq:${TID}:${t.pageViewId}:`));
    // Acknowledged within 2 s: never written.
    t.emit('ecProduct', product(1));
    await vi.advanceTimersByTimeAsync(1000);
    const second = t.flush();
    await settle(() => expect(held()).toHaveLength(2));
    await second;
    await vi.advanceTimersByTimeAsync(5000);
    expect(chunkWrites()).toEqual([]);
    // Waiting longer (batchDelay 5 s): written at 2 s, removed when acknowledged.
    t.emit('ecProduct', product(2));
    await vi.advanceTimersByTimeAsync(1999);
    expect(chunkWrites()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(storedEvents(t.pageViewId).map((e) => e.meta.seq)).toEqual([3]);
    await vi.advanceTimersByTimeAsync(3000);
    await settle(() => expect(held()).toHaveLength(3));
    await settle(() => expect(storedEvents(t.pageViewId)).toEqual([]));
    // A failed attempt: what waits is written at once, and then once per task again.
    mock.platform.faults.set('events', { status: 503 });
    t.emit('ecProduct', product(3));
    const failed = t.flush();
    await settle(() => expect(storedEvents(t.pageViewId).map((e) => e.meta.seq)).toEqual([4]));
    await failed;
    t.emit('ecProduct', product(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(storedEvents(t.pageViewId).map((e) => e.meta.seq)).toEqual([4, 5]);
  });

  it('page exit writes at once what waits: pagehide releases a record holding it for the next page', async () => {
    fakeTime();
    const t = start({ batchDelay: 5000 });
    t.emit('ecProduct', product(0));
    const flushed = t.flush();
    await settle(() => expect(held()).toHaveLength(1));
    await flushed;
    mock.platform.faults.set('events', { status: 503 });
    t.emit('ecProduct', product(1));
    await vi.advanceTimersByTimeAsync(10);
    expect(storedEvents(t.pageViewId)).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(storedEvents(t.pageViewId).map((e) => e.meta.seq)).toEqual([2]);
    expect(JSON.parse(localStorage.getItem(`_svcq:${TID}:${t.pageViewId}`)!)).toEqual({ t: 0 });
  });
});

describe('storage', () => {
  it('keeps the queue in localStorage until acknowledged, under this page view: a heartbeat and chunks', async () => {
    mock.platform.faults.set('events', { status: 503 });
    const t = start({ retryBase: 60_000, retryMax: 60_000 });
    const events = emitN(t, 2);
    await t.flush();
    const key = `_svcq:${TID}:${t.pageViewId}`;
    expect(queueKeys().sort()).toEqual([key, `${key}:0`]);
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual({ t: expect.any(Number) });
    expect(storedEvents(t.pageViewId)).toEqual(events);
    mock.platform.faults.clear();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(held()).toHaveLength(2));
    expect(queueKeys()).toEqual([]);
  });

  it('writes what changed, not the whole queue: one chunk per task, only the chunks that held acknowledged events', async () => {
    mock.platform.faults.set('events', { status: 503 });
    const t = start({ retryBase: 60_000, retryMax: 60_000, maxQueue: 1000 });
    const key = `_svcq:${TID}:${t.pageViewId}`;
    for (let task = 0; task < 50; task++) {
      emitN(t, 20, task * 20);
      await null; // the task's write
    }
    await t.flush();
    const setItem = spyOnStorage(localStorage, 'setItem');
    const removeItem = spyOnStorage(localStorage, 'removeItem');
    emitN(t, 1, 1000); // the queue is full: the oldest event is dropped
    await null;
    // The oldest chunk rewritten without the dropped event (19 left), one new chunk with the new event.
    expect(setItem.mock.calls.map(([k, v]) => [k, (JSON.parse(v) as unknown[]).length])).toEqual([
      [`${key}:0`, 19],
      [`${key}:50`, 1],
    ]);
    expect(removeItem).not.toHaveBeenCalled();
    expect(storedEvents(t.pageViewId).map((e) => e.meta.seq)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
  });

  it("adopts the queues of departed pages (released or stale), never a live page's", async () => {
    const old = (pv: string, seq: number): TrackingEvent => ({
      meta: { id: `${pv}-${seq}`, type: 'ecUser', ts: 1, visitorId: 'v', pageViewId: pv, seq, url: 'u' },
      data: { user: { id: 'u' } },
    });
    localStorage.setItem(`_svcq:${TID}:gone`, JSON.stringify({ t: 0, e: [old('gone', 1), old('gone', 2)] }));
    localStorage.setItem(`_svcq:${TID}:stale`, JSON.stringify({ t: Date.now() - 10 * 60_000, e: [old('stale', 1)] }));
    localStorage.setItem(`_svcq:${TID}:live`, JSON.stringify({ t: Date.now(), e: [old('live', 1)] }));
    localStorage.setItem(`_svcq:other_shop:gone`, JSON.stringify({ t: 0, e: [old('other', 1)] }));
    localStorage.setItem(`_svcq:${TID}:garbage`, '{not json');
    const t = start();
    await t.flush();
    expect(
      held()
        .map((e) => e.meta.id)
        .sort(),
    ).toEqual(['gone-1', 'gone-2', 'stale-1']);
    // A record that is not JSON is no live page's heartbeat: removed (issue 33, point 10).
    expect(queueKeys().sort()).toEqual(['_svcq:other_shop:gone', `_svcq:${TID}:live`]);
  });

  it('does not adopt while another page holds the lock', async () => {
    localStorage.setItem(`_svcq:${TID}:gone`, JSON.stringify({ t: 0, e: [] }));
    localStorage.setItem(`_svcl:${TID}`, `${Date.now() + 5000}`);
    start();
    expect(queueKeys()).toEqual([`_svcq:${TID}:gone`]);
  });

  it('page exit: what is not acknowledged leaves in keepalive requests and the record is released for the next page', async () => {
    mock.platform.faults.set('events', { status: 503 });
    const t = start({ retryBase: 60_000, retryMax: 60_000 });
    emitN(t, 3);
    await t.flush();
    mock.platform.faults.clear();
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(`_svcq:${TID}:${t.pageViewId}`)!)).toEqual({ t: 0 });
    await vi.waitFor(() => expect(held()).toHaveLength(3));
    // Acknowledged (the page still ran): nothing left stored.
    await vi.waitFor(() => expect(queueKeys()).toEqual([]));
  });

  it('back from the back/forward cache: the queue is what storage holds now (empty when another page adopted it)', async () => {
    mock.platform.faults.set('events', { status: 503 });
    const t = start({ retryBase: 60_000, retryMax: 60_000 });
    emitN(t, 3);
    await t.flush();
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(t.queued).toBe(3);
    for (const k of queueKeys()) localStorage.removeItem(k); // adopted by another page meanwhile
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(t.queued).toBe(0);
  });

  it('stop() releases the stored queue for the next page', async () => {
    mock.platform.faults.set('events', { status: 503 });
    const t = start({ retryBase: 60_000, retryMax: 60_000 });
    emitN(t, 2);
    await t.flush();
    t.stop();
    expect(JSON.parse(localStorage.getItem(`_svcq:${TID}:${t.pageViewId}`)!)).toEqual({ t: 0 });
    expect(storedEvents(t.pageViewId)).toHaveLength(2);
    expect(pageTracker()).toBeUndefined();
  });

  it('localStorage full: keeps working in memory and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = start();
    spyOnStorage(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    emitN(t, 3);
    await t.flush();
    emitN(t, 3, 3);
    await t.flush();
    expect(held()).toHaveLength(6);
    expect(warn.mock.calls).toEqual([['svc tracker: no localStorage, in memory only']]);
  });
});

describe('consent', () => {
  it('pending: no cookie, no storage, no request; granted: sent with the same visitor id', async () => {
    const t = start({ consent: 'pending' });
    const events = emitN(t, 3);
    await t.flush();
    expect([document.cookie, queueKeys(), await mock.sent(), t.consentState]).toEqual(['', [], [], 'pending']);
    const visitorId = t.visitorId;
    t.consent('granted');
    await t.flush();
    expect(held().map((e) => e.meta.id)).toEqual(events.map((e) => e.meta.id));
    expect(t.visitorId).toBe(visitorId);
    expect(document.cookie).toBe(`_svcTracker=${visitorId}; svc_permanent=${visitorId}`);
  });

  it('withdrawn: the queue is dropped, cookies and storage removed, nothing more sent', async () => {
    mock.platform.faults.set('events', { status: 503, times: 1 });
    const t = start({ retryBase: 60_000, retryMax: 60_000 });
    emitN(t, 2);
    await t.flush();
    t.consent('denied');
    emitN(t, 2, 2);
    await t.flush();
    expect([document.cookie, queueKeys(), t.visitorId, t.queued]).toEqual(['', [], undefined, 0]);
    expect((await mock.sent()).length).toBe(1);
    expect(() => t.consent('maybe' as 'granted')).toThrow(expect.objectContaining({ argument: 'state' }));
  });
});

describe('on', () => {
  it("replays this page's earlier events of the type, then calls for new ones, until unsubscribed", () => {
    const t = start({ consent: 'pending' });
    const view = t.emit('ecView', { type: 'home', language: 'de', country: 'DE', currency: 'EUR' });
    t.emit('ecProduct', product(1));
    const seen: string[] = [];
    const off = t.on('ecView', (e) => seen.push(`view:${e.meta.seq}`));
    t.on(/^recommendation/, (e) => seen.push(`${e.meta.type}:${e.meta.seq}`));
    expect(seen).toEqual([`view:${view.meta.seq}`]);
    t.emit('recommendationShown', { id: 'p1', weight: 1, strategy: 'popular' });
    off();
    t.emit('ecView', { type: 'product', language: 'de', country: 'DE', currency: 'EUR' });
    expect(seen).toEqual(['view:1', 'recommendationShown:3']);
  });

  it('a throwing handler does not break emit', () => {
    vi.useFakeTimers();
    try {
      const t = start({ consent: 'pending' });
      t.on('ecProduct', () => {
        throw new Error('handler bug');
      });
      expect(t.emit('ecProduct', product(1)).meta.seq).toBe(1);
      expect(() => vi.runOnlyPendingTimers()).toThrow('handler bug');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a bad type or handler', () => {
    const t = start({ consent: 'pending' });
    expect(() => t.on(5 as unknown as string, () => {})).toThrow(expect.objectContaining({ argument: 'type' }));
    expect(() => t.on('ecView', 'x' as unknown as () => void)).toThrow(
      expect.objectContaining({ argument: 'handler' }),
    );
  });
});

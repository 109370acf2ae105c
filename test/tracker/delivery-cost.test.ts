// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTracker, type Tracker, type TrackerOptions, type TrackingEvent } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';

// What delivery costs the page (issue 15): few requests for events emitted one per task, and no
// storage write for events the platform acknowledges soon enough. `npm run bench` measures the time.
const mock = useMockPlatform();
const TID = 'shop_1';
const started: Tracker[] = [];
const start = (options: Partial<TrackerOptions> = {}) => {
  const t = createTracker({ trackingId: TID, ...options });
  started.push(t);
  return t;
};
const product = (i: number) => ({ eventType: 'detail', product: { productId: `p${i}` } });
/** Hex digits that do not compress much. */
const noise = (length: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length / 2)), (b) => b.toString(16).padStart(2, '0')).join('');
const held = () => mock.platform.inspect.events.received(TID);
const sizes = async () => (await mock.sent()).map((r) => (r.json as { events: unknown[] }).events.length);
/** The events a page view holds in storage, in order. */
const storedEvents = (pageViewId: string): TrackingEvent[] =>
  Object.keys(localStorage)
    .filter((k) => k.startsWith(`_svcq:${TID}:${pageViewId}:`))
    .sort((a, b) => +a.split(':').pop()! - +b.split(':').pop()!)
    .flatMap((k) => JSON.parse(localStorage.getItem(k)!));
/** Runs pending I/O callbacks (MSW answers) until `check` passes; fake timers do not advance. */
async function settle(check: () => unknown) {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (error) {
      if (i > 500) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
const fakeTime = () =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: 1_800_000_000_000,
  });

beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const t of started.splice(0)) t.stop();
  vi.useRealTimers();
});

describe('requests: events emitted one per task', () => {
  it('after a full batch, fewer than batchSize events wait for batchDelay, not for the request in flight to end', async () => {
    fakeTime();
    const t = start();
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

    const setItem = vi.spyOn(localStorage, 'setItem');
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

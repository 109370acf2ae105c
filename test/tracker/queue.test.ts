// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK, createQueue, type QueueContext, SAVE_DELAY } from '../../src/tracker/queue';
import { createStore } from '../../src/tracker/store';

const TID = 'shop_1';
/** Event `i` as the tracker stores it: one the platform accepts (the queue leaves out stored events it would refuse). */
const json = (i: number) =>
  JSON.stringify({
    meta: { id: `e${i}`, type: 'ecProduct', ts: 1, visitorId: 'v', pageViewId: 'p', seq: i + 1, url: 'u' },
    data: { eventType: 'detail', product: { productId: `p${i}` } },
  });
const jsons = (n: number, from = 0) => Array.from({ length: n }, (_, i) => json(from + i));
/** The event ids this page holds in storage, chunk by chunk. */
const stored = (pageViewId: string) =>
  Object.keys(localStorage)
    .filter((k) => k.startsWith(`_svcq:${TID}:${pageViewId}:`))
    .sort()
    .map((k) => (JSON.parse(localStorage.getItem(k)!) as { meta: { id: string } }[]).map((e) => e.meta.id));

function setUp(overrides: Partial<QueueContext> = {}) {
  const context: QueueContext = {
    trackingId: TID,
    maxQueue: 1000,
    dropped: { overflow: 0 },
    warn: vi.fn(),
    ...overrides,
  };
  const queue = createQueue(context);
  const onAdded = vi.fn();
  queue.whenAdded(onAdded);
  queue.open(createStore(TID, 'page1', vi.fn()));
  return { queue, context, onAdded };
}

describe('createQueue', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('stores what is queued in one task once, after the task, in chunks of at most CHUNK events', async () => {
    const { queue, onAdded } = setUp();
    queue.add(jsons(CHUNK + 5));
    expect(stored('page1')).toEqual([]); // not during the task
    await Promise.resolve();
    expect(stored('page1').map((chunk) => chunk.length)).toEqual([CHUNK, 5]);
    expect(onAdded).toHaveBeenCalledTimes(1);
    expect(queue.length).toBe(CHUNK + 5);
  });

  it('removing events rewrites only the chunks that held them; the last one gone takes the heartbeat too', async () => {
    const { queue } = setUp();
    queue.add(jsons(CHUNK + 2));
    await Promise.resolve();
    const [first, second] = queue.unsent().slice(CHUNK - 1, CHUNK + 1);
    queue.remove([first, second]);
    expect(stored('page1')).toEqual([jsons(CHUNK - 1).map((_, i) => `e${i}`), ['e21']]);
    queue.remove(queue.unsent());
    expect(Object.keys(localStorage).filter((k) => k.startsWith('_svcq:'))).toEqual([]);
  });

  it('beyond maxQueue the oldest are dropped and counted', () => {
    const { queue, context } = setUp({ maxQueue: 3 });
    queue.add(jsons(5));
    expect(queue.unsent().map((e) => JSON.parse(e.json).meta.id)).toEqual(['e2', 'e3', 'e4']);
    expect(context.dropped.overflow).toBe(2);
  });

  it('while the platform answers, an event is stored SAVE_DELAY after it was queued, unless acknowledged first', async () => {
    vi.useFakeTimers();
    const { queue } = setUp();
    queue.answered(true);
    queue.add(jsons(2));
    await Promise.resolve();
    expect(stored('page1')).toEqual([]);
    queue.remove(queue.unsent().slice(0, 1)); // acknowledged: never written
    vi.advanceTimersByTime(SAVE_DELAY);
    expect(stored('page1')).toEqual([['e1']]);
  });

  it('a failed attempt writes at once what waited for SAVE_DELAY', () => {
    vi.useFakeTimers();
    const { queue } = setUp();
    queue.answered(true);
    queue.add(jsons(2));
    queue.answered(false);
    expect(stored('page1')).toEqual([['e0', 'e1']]);
  });

  it('keepAlive: events in a keepalive request in flight are not unsent, and count out of waiting()', () => {
    const { queue } = setUp();
    queue.add(jsons(3));
    const [a] = queue.unsent();
    queue.keepAlive([a], true);
    expect(queue.waiting()).toBe(2);
    expect(queue.unsent()).not.toContain(a);
    queue.keepAlive([a], false);
    expect(queue.waiting()).toBe(3);
  });

  it('clear (consent withdrawn) drops the queue and its stored copy', async () => {
    const { queue } = setUp();
    queue.add(jsons(3));
    await Promise.resolve();
    queue.clear();
    expect(queue.length).toBe(0);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('_svcq:'))).toEqual([]);
  });

  it('adopts what a departed page left, and reloads what storage holds now', async () => {
    const left = createQueue({ trackingId: TID, maxQueue: 10, dropped: { overflow: 0 }, warn() {} });
    left.open(createStore(TID, 'gone', vi.fn()));
    left.add(jsons(2, 50));
    await Promise.resolve();
    left.beat(0); // released at pagehide
    const { queue } = setUp();
    Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
    queue.adopt();
    expect(queue.unsent().map((e) => JSON.parse(e.json).meta.id)).toEqual(['e50', 'e51']);
    await Promise.resolve();
    queue.reload();
    expect(queue.length).toBe(2);
  });

  it('without storage the queue lives in memory and says nothing is stored', () => {
    const queue = createQueue({ trackingId: TID, maxQueue: 10, dropped: { overflow: 0 }, warn() {} });
    queue.open(undefined);
    queue.add(jsons(2));
    queue.save();
    expect(queue.length).toBe(2);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueue, type EventQueue } from '../../src/tracker/queue';
import { createSender, type SenderContext } from '../../src/tracker/sender';
import { fakeTime, settle } from '../support/fake-time';
import { useMockPlatform } from '../support/mock-server';

// The send loop alone, over a queue in memory, against @svc/mock's events route (MSW, Node).
const mock = useMockPlatform();
const TID = 'shop_1';
const event = (i: number) =>
  JSON.stringify({
    meta: {
      id: `e${i}`,
      type: 'ecProduct',
      ts: 1,
      visitorId: 'v',
      pageViewId: 'p',
      seq: i + 1,
      url: 'https://s.example/',
    },
    data: { eventType: 'detail', product: { productId: `p${i}` } },
  });
const held = () => mock.platform.inspect.events.received(TID).map((e) => e.meta.id);

function setUp(overrides: Partial<SenderContext> = {}) {
  const dropped = { overflow: 0, rejected: 0 };
  let allowed = true;
  const queue: EventQueue = createQueue({ trackingId: TID, maxQueue: 1000, dropped, warn() {} });
  const sender = createSender({
    url: `https://events.svc.example/events/v1/${TID}`,
    queue,
    batchSize: 5,
    batchDelay: 1000,
    retryBase: 1000,
    retryMax: 60_000,
    requestTimeout: 10_000,
    allowed: () => allowed,
    dropped,
    ...overrides,
  });
  const add = (n: number, from = 0) => queue.add(Array.from({ length: n }, (_, i) => event(from + i)));
  return { queue, sender, dropped, add, deny: () => (allowed = false) };
}

/**
 * Lets the microtasks that `leave()` started run (ky's steps before it calls `fetch`), but no timer
 * and no other task: what a page-exit handler's task still runs before the page goes.
 */
async function inThisTask(): Promise<void> {
  for (let turn = 0; turn < 100; turn++) await Promise.resolve();
}

describe('createSender', () => {
  afterEach(() => vi.useRealTimers());

  it('fewer than batchSize events wait for batchDelay; batchSize events go at once, in one request', async () => {
    fakeTime();
    const { sender, add } = setUp();
    add(2);
    sender.schedule();
    await vi.advanceTimersByTimeAsync(999);
    expect(held()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => expect(held()).toEqual(['e0', 'e1']));
    add(5, 2);
    sender.schedule();
    await settle(() => expect(held()).toHaveLength(7));
    expect((await mock.sent()).length).toBe(2);
  });

  it('a failed attempt keeps the events and backs off; flush() skips our backoff but not the platform’s Retry-After', async () => {
    fakeTime();
    const { sender, queue, add } = setUp();
    mock.platform.faults.set('events', { status: 503, retryAfter: 2, times: 1 });
    add(1);
    await sender.flush();
    expect(queue.length).toBe(1);
    await sender.flush(); // the platform asked for 2 s: not yet
    expect(held()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    await sender.flush();
    await settle(() => expect(held()).toEqual(['e0']));
    expect(queue.length).toBe(0);
  });

  it.each([1, 50])(
    'a retry leaves when its backoff ends, though the timer fires while the clock reads %i ms before that',
    async (lag) => {
      fakeTime();
      vi.spyOn(Math, 'random').mockReturnValue(0.5);
      const { sender, add } = setUp({ retryBase: 4000 }); // a backoff of 0.5 × 4000 = 2000 ms, beyond batchDelay
      mock.platform.faults.set('events', { status: 500, times: 1 });
      add(1);
      await sender.flush(); // failed; the retry's timer is set for the backoff's end
      expect(held()).toEqual([]);
      // From here the clock reads behind the timers, as a browser's coarsened performance.now() may.
      const timers = performance.now.bind(performance);
      vi.spyOn(performance, 'now').mockImplementation(() => timers() - lag);
      await vi.advanceTimersByTimeAsync(1999);
      expect(held()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await settle(() => expect(held()).toEqual(['e0'])); // not a batchDelay later
    },
  );

  it('an event the platform refuses (400) alone in its batch leaves the queue and is counted, not retried', async () => {
    const { sender, queue, add, dropped } = setUp();
    // The batch of 2, then each event alone (a 400 for several events splits the batch).
    mock.platform.faults.set('events', { status: 400, times: 3 });
    add(2);
    await sender.flush();
    expect(queue.length).toBe(0);
    expect(dropped.rejected).toBe(2);
    expect((await mock.sent()).map((r) => (r.json as { events: unknown[] }).events.length)).toEqual([2, 1, 1]);
  });

  it('page exit sends every unsent event at once in keepalive requests: JSON when nothing was compressed ahead', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { sender, add } = setUp();
    add(30);
    sender.leave();
    await inThisTask();
    const exits = fetch.mock.calls.filter(([, init]) => init?.keepalive === true);
    expect(exits.map(([url]) => String(url))).toEqual([`https://events.svc.example/events/v1/${TID}`]);
    await settle(() => expect(held()).toHaveLength(30));
  });

  it('an attempt without keepalive failing as the page goes does not make a second page exit send again what the first sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { sender, add } = setUp();
    // The attempt in flight when the page starts to go: the browser drops it (a network failure).
    let dropAttempt: (reason: unknown) => void = () => {};
    fetch.mockImplementationOnce(
      () =>
        new Promise((_, reject) => {
          dropAttempt = reject;
        }),
    );
    add(5); // batchSize: the attempt leaves at once
    sender.schedule();
    await settle(() => expect(fetch).toHaveBeenCalledTimes(1)); // once compressed
    sender.leave(); // hidden: the 5 go again, keepalive (the attempt's answer may never come)
    await inThisTask();
    dropAttempt(new TypeError('Failed to fetch'));
    await inThisTask();
    sender.leave(); // pagehide: nothing left that the exit's keepalive request does not carry
    await inThisTask();
    const exits = fetch.mock.calls.filter(([, init]) => init?.keepalive === true);
    expect(exits).toHaveLength(1);
    await settle(() => expect(held()).toHaveLength(5));
    expect(mock.platform.inspect.events.stats(TID).duplicates).toBe(0);
  });

  it('after a failed attempt the waiting events are compressed ahead: page exit sends that gzip, in this task', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    // No retry before the page exit: the backoff's jitter at its middle, 30 s of the 60 s bound (a
    // jitter near 0 would start a retry that page exit, rightly, sends again: duplicates).
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { sender, add } = setUp({ retryBase: 60_000 });
    mock.platform.faults.set('events', { status: 503, times: 1 });
    add(30);
    await sender.flush(); // refused: the 30 wait for the backoff, compressed meanwhile
    // The compression ahead (CompressionStream) done: a few ms, given a second for a loaded machine
    // (the backoff, 30 s, starts no retry meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    add(2, 30); // after it: these two go as JSON
    fetch.mockClear();
    sender.leave();
    await inThisTask();
    const exits = fetch.mock.calls.filter(([, init]) => init?.keepalive === true);
    expect(exits.map(([url]) => String(url))).toEqual([
      `https://events.svc.example/events/v1/${TID}?encoding=gzip`,
      `https://events.svc.example/events/v1/${TID}`,
    ]);
    await settle(() => expect(held()).toHaveLength(32));
    expect(mock.platform.inspect.events.stats(TID).duplicates).toBe(0);
  });

  it('sends nothing while consent does not allow it', async () => {
    const { sender, add, deny } = setUp();
    deny();
    add(5);
    sender.schedule(true);
    await sender.flush();
    sender.leave();
    expect(await mock.sent()).toEqual([]);
  });
});

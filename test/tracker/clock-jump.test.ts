// @vitest-environment happy-dom
// Issue 33, point 9: waits within a page are measured on the monotonic clock (performance.now), so a
// jump of the wall clock (Date.now) neither holds back delivery nor spins a timer loop.
import { describe, expect, it, vi } from 'vitest';
import type { Tracker } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';
import { useTrackers } from './helpers';

const mock = useMockPlatform();
const TID = 'shop_1';
const DAY = 86_400_000;
const start = useTrackers(TID, { batchDelay: 0 });
const emitN = (t: Tracker, n: number) =>
  Array.from({ length: n }, (_, i) => t.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}` } }));
const held = () => mock.platform.inspect.events.received(TID);

/** Moves `Date.now` (only it) by `ms` from now on. */
function jumpWallClock(ms: number) {
  const real = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => real() + ms);
}

describe('a wall-clock jump after a failed attempt', () => {
  it('one day back: flush() still sends the 5 events at once', async () => {
    const t = start({ retryBase: 60_000, retryMax: 60_000 });
    mock.platform.faults.set('events', { status: 503, times: 1 });
    emitN(t, 5);
    await t.flush(); // the failed attempt: a backoff of up to a minute begins
    expect(held()).toHaveLength(0);
    jumpWallClock(-DAY);
    await t.flush();
    expect(held()).toHaveLength(5);
    expect(t.queued).toBe(0);
  });

  it.each([
    ['30 days back', -30 * DAY],
    ['30 days forward', 30 * DAY],
  ])(
    '%s: no timer loop (no wait beyond 2^31-1 ms, a handful of timers) and delivery when the backoff ends',
    async (_name, ms) => {
      vi.spyOn(Math, 'random').mockReturnValue(0.5);
      const t = start({ retryBase: 200, retryMax: 200 });
      mock.platform.faults.set('events', { status: 503, times: 1 });
      emitN(t, 5);
      await t.flush(); // failed: the backoff is 0.5 × 200 = 100 ms on the monotonic clock
      const waits: number[] = [];
      const real = globalThis.setTimeout;
      vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, wait?: number) => {
        waits.push(wait ?? 0);
        return real(run, wait);
      }) as typeof setTimeout);
      jumpWallClock(ms);
      t.emit('ecProduct', { eventType: 'detail', product: { productId: 'after' } });
      // Delivered once the 100 ms backoff ends; waited for, as a loaded machine may take longer.
      await vi.waitFor(() => expect(held()).toHaveLength(6), { timeout: 10_000 });
      expect(waits.filter((wait) => wait > 2 ** 31 - 1)).toEqual([]);
      expect(waits.length).toBeLessThan(20);
    },
  );
});

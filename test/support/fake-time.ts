import { vi } from 'vitest';

/** Real ms `settle` waits at most: a busy machine may take that long to answer on loopback. */
const SETTLE_MS = 10_000;

/**
 * Waits, without moving the fake clock (vi.waitFor would), until `check` passes: the network and
 * microtasks run meanwhile. Bounded by real time (`process.hrtime`, which fake timers leave alone),
 * not by a number of turns, which a loaded machine can use up before the network answers.
 */
export async function settle(check: () => unknown) {
  const start = process.hrtime.bigint();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (process.hrtime.bigint() - start > BigInt(SETTLE_MS) * 1_000_000n) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Fake timers for the tracker's own waits, its monotonic clock (`performance.now`) included; microtasks, setImmediate and the network stay real. */
export const fakeTime = () =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    now: 1_800_000_000_000,
  });

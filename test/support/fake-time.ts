import { vi } from 'vitest';

/** Waits, without moving the fake clock (vi.waitFor would), until `check` passes: the network and microtasks run meanwhile. */
export async function settle(check: () => unknown) {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (error) {
      if (i > 500) throw error;
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

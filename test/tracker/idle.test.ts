import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../src/tracker/idle';

// whenIdle: each step in an idle callback of its own, so that no one callback grows long.

/** A fake `requestIdleCallback`: the callbacks asked for, run by `runIdle(n)` in order. */
function fakeIdle() {
  const asked: { task: () => void; timeout: number | undefined }[] = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void, options?: { timeout?: number }) => {
    asked.push({ task, timeout: options?.timeout });
    return asked.length;
  });
  return {
    asked,
    runIdle(count = asked.length) {
      for (const { task } of asked.splice(0, count)) task();
    },
  };
}

/** `whenIdle` of two steps that say when they run, in `ran`. */
function twoSteps() {
  const ran: string[] = [];
  const deferred = whenIdle(
    () => ran.push('open'),
    () => ran.push('adopt'),
  );
  return { ran, deferred };
}

afterEach(() => vi.unstubAllGlobals());

describe('whenIdle', () => {
  it('runs each step in an idle callback of its own, in order, each within 2 s', () => {
    const idle = fakeIdle();
    const { ran } = twoSteps();
    expect([ran, idle.asked.map(({ timeout }) => timeout)]).toEqual([[], [2000, 2000]]);
    idle.runIdle(1);
    expect(ran).toEqual(['open']);
    idle.runIdle(1);
    expect([ran, idle.asked]).toEqual([['open', 'adopt'], []]);
  });

  it('now() runs the steps left at once, and the idle periods then run nothing', () => {
    const idle = fakeIdle();
    const { ran, deferred } = twoSteps();
    idle.runIdle(1);
    deferred.now();
    expect(ran).toEqual(['open', 'adopt']);
    idle.runIdle();
    deferred.now();
    expect(ran).toEqual(['open', 'adopt']);
  });

  it('cancel(): the steps left never run', () => {
    const idle = fakeIdle();
    const { ran, deferred } = twoSteps();
    idle.runIdle(1);
    deferred.cancel();
    idle.runIdle();
    deferred.now();
    expect(ran).toEqual(['open']);
  });

  it('without requestIdleCallback (Safari, Node): a task of its own per step', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const { ran } = twoSteps();
    expect([ran, timers.mock.calls.map(([, ms]) => ms)]).toEqual([[], [0, 0]]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['open', 'adopt']);
  });
});

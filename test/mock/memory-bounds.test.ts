// The mock's memory bounds (issue 20, point 10): integration runs and their logs are kept within
// RUN_LIMITS (oldest dropped and counted), and a deferkv write no longer sorts every pending task.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockPlatform, RUN_LIMITS } from '../../src/mock';
import { createClock } from '../../src/mock/platform/clock';

const NOW = '2026-11-23T10:00:00.000Z';

describe('integration runs are kept within RUN_LIMITS', () => {
  it('40 executes of 1.5 MB payloads: the oldest runs are dropped and counted, the newest kept', async () => {
    const platform = createMockPlatform({ now: NOW });
    platform.admin.createProperty('shop');
    platform.admin.integrations.create('shop', { name: 'echo', handler: ({ payload }) => payload });
    const big = (i: number) => ({ i, blob: 'x'.repeat(1_500_000) });
    for (let i = 0; i < 40; i++) {
      const answer = await platform.services.integrations.execute('shop', 'echo', { payload: big(i), key: {} });
      expect(answer.status).toBe(200);
    }
    const runs = platform.inspect.integrations.runs();
    const bytes = runs.reduce(
      (sum, run) => sum + JSON.stringify(run.payload).length + JSON.stringify(run.result).length,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(RUN_LIMITS.bytes);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.length + platform.inspect.integrations.droppedRuns()).toBe(40);
    expect(runs.at(-1)?.payload).toEqual(big(39));
    expect(runs.map((run) => (run.payload as { i: number }).i)).toEqual(
      Array.from({ length: runs.length }, (_, k) => 40 - runs.length + k),
    );
  });

  it('a handler logging without end keeps RUN_LIMITS.logLines lines; the rest are counted', async () => {
    const platform = createMockPlatform({ now: NOW });
    platform.admin.createProperty('shop');
    platform.admin.integrations.create('shop', {
      name: 'chatty',
      handler: ({ console }) => {
        for (let i = 0; i < 5000; i++) console.log('line', i);
        return 'done';
      },
    });
    await platform.services.integrations.execute('shop', 'chatty', { payload: {}, key: {} });
    const [run] = platform.inspect.integrations.runs();
    expect(run.logs).toHaveLength(RUN_LIMITS.logLines);
    expect(run.logs[0].message).toBe('line 0');
    expect(run.droppedLogLines).toBe(5000 - RUN_LIMITS.logLines);
  });

  it('one huge log line is cut to RUN_LIMITS.logCharacters', async () => {
    const platform = createMockPlatform({ now: NOW });
    platform.admin.createProperty('shop');
    platform.admin.integrations.create('shop', {
      name: 'huge',
      handler: ({ console }) => void console.log('y'.repeat(5_000_000)),
    });
    await platform.services.integrations.execute('shop', 'huge', { payload: {}, key: {} });
    const [run] = platform.inspect.integrations.runs();
    expect(run.logs[0].message.length).toBe(RUN_LIMITS.logCharacters);
  });
});

describe('deferkv writes without sorting every pending task', () => {
  afterEach(() => vi.restoreAllMocks());

  it('20,000 deferkv writes sort nothing, and deliver in time order', () => {
    const platform = createMockPlatform({ now: NOW });
    platform.admin.createProperty('t1');
    const start = Date.parse(NOW) / 1000;
    const sort = vi.spyOn(Array.prototype, 'sort');
    for (let i = 0; i < 20_000; i++) {
      const timestamp = start + 10 + ((i * 7919) % 20_000); // shuffled times
      const reply = platform.services.stash.deferSet({
        trackingId: 't1',
        level: 'public',
        key: `k${i}`,
        body: { data: `v${i}`, timestamp, route: 'r' },
      });
      expect(reply.status).toBe(200);
    }
    expect(sort).not.toHaveBeenCalled();
    sort.mockRestore();
    platform.clock.advance(30_000 * 1000);
    const delivered = platform.inspect.stash.deliveries();
    expect(delivered).toHaveLength(20_000);
    const times = delivered.map((d) => d.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('the clock queue', () => {
  it('runs tasks in time order, ties in registration order; a cancelled task never runs', () => {
    const clock = createClock(0);
    const ran: string[] = [];
    const cancels = [];
    for (const [time, name] of [
      [30, 'c'],
      [10, 'a1'],
      [20, 'b'],
      [10, 'a2'],
      [40, 'gone'],
      [50, 'e'],
    ] as const)
      cancels.push(clock.at(time, () => ran.push(name)));
    cancels[4]();
    cancels[4](); // twice: harmless
    clock.advance(35);
    expect(ran).toEqual(['a1', 'a2', 'b', 'c']);
    cancels[0](); // already ran: harmless
    clock.advance(100);
    expect(ran).toEqual(['a1', 'a2', 'b', 'c', 'e']);
  });

  it('many cancellations (deferkv overwrites) keep the queue right', () => {
    const clock = createClock(0);
    const ran: number[] = [];
    const cancels = Array.from({ length: 1000 }, (_, i) => clock.at(1000 - i, () => ran.push(i)));
    for (let i = 0; i < 1000; i += 3) cancels[i]();
    clock.advance(2000);
    const expected = Array.from({ length: 1000 }, (_, i) => i)
      .filter((i) => i % 3 !== 0)
      .reverse();
    expect(ran).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { createIntegration } from '../../src/integrations';
import { parseDays, parseTime, windowFault } from '../../src/integrations/window';
import { nextBoundary, runAt } from '../../src/mock/platform/integrations';
import { useMockPlatform } from '../support/mock-server';

// schedule: runAt from delay and window (UTC, wrapping ranges, day boundaries), replacement and
// cancellation by key, and the scheduled run happening when the platform clock reaches runAt.
const ms = (iso: string) => Date.parse(iso);
const at = (earliest: string, window?: { day?: string; time?: string }) =>
  new Date(runAt(ms(earliest), window)).toISOString();

describe('window grammar', () => {
  it.each([
    ['mon-fri', [1, 2, 3, 4, 5]],
    ['sat', [6]],
    ['fri-mon', [5, 6, 0, 1]],
    ['sun-sat', [0, 1, 2, 3, 4, 5, 6]],
    ['SAT-sun', [6, 0]],
  ])('day %s', (day, days) => expect(parseDays(day)).toEqual(days));

  it.each(['', 'monday', 'mon-', 'mon-fri-sat', 'xyz', ' mon'])('day %j is malformed', (day) =>
    expect(parseDays(day)).toBeUndefined(),
  );

  it.each([
    ['09:00-17:00', [540, 1020]],
    ['22:00-06:00', [1320, 360]],
    ['00:00-23:59', [0, 1439]],
  ])('time %s', (time, range) => expect(parseTime(time)).toEqual(range));

  it.each(['9:00-17:00', '09:00-24:00', '09:00-09:00', '09:00', '09:00 - 17:00', '12:60-13:00'])(
    'time %j is malformed',
    (time) => expect(parseTime(time)).toBeUndefined(),
  );

  it('names the malformed field', () => {
    expect(windowFault({ day: 'mon-fri', time: '09:00-17:00' })).toBeUndefined();
    expect(windowFault(null)).toBe('window');
    expect(windowFault([])).toBe('window');
    expect(windowFault({})).toBe('window');
    expect(windowFault({ days: 'mon' })).toBe('window');
    expect(windowFault({ day: 'mon', time: '9-5' })).toBe('window.time');
    expect(windowFault({ day: 'moon', time: '09:00-17:00' })).toBe('window.day');
    expect(windowFault('mon-fri')).toBe('window');
    expect(windowFault(['mon'])).toBe('window');
    expect(windowFault({ day: undefined })).toBe('window');
    expect(windowFault({ day: 'mon', time: undefined })).toBeUndefined();
    expect(windowFault({ day: ['mon'] })).toBe('window.day');
    expect(windowFault({ time: '10:00-10:00' })).toBe('window.time');
  });
});

describe('runAt (UTC)', () => {
  // 2026-11-23 is a monday; 2026-11-28 a saturday; 2026-12-31 a thursday.
  it.each([
    ['no window: the earliest moment', '2026-11-23T10:00:00.000Z', undefined, '2026-11-23T10:00:00.000Z'],
    [
      'inside a weekday window',
      '2026-11-23T10:00:00.000Z',
      { day: 'mon-fri', time: '09:00-17:00' },
      '2026-11-23T10:00:00.000Z',
    ],
    [
      'before the window opens',
      '2026-11-23T08:59:59.999Z',
      { day: 'mon-fri', time: '09:00-17:00' },
      '2026-11-23T09:00:00.000Z',
    ],
    [
      'at the (exclusive) end: next day',
      '2026-11-23T17:00:00.000Z',
      { day: 'mon-fri', time: '09:00-17:00' },
      '2026-11-24T09:00:00.000Z',
    ],
    [
      'friday evening: monday',
      '2026-11-27T18:00:00.000Z',
      { day: 'mon-fri', time: '09:00-17:00' },
      '2026-11-30T09:00:00.000Z',
    ],
    ['a single day', '2026-11-23T10:00:00.000Z', { day: 'sat' }, '2026-11-28T00:00:00.000Z'],
    ['a single day, inside it', '2026-11-28T23:59:59.999Z', { day: 'sat' }, '2026-11-28T23:59:59.999Z'],
    ['wrapping days, inside (monday)', '2026-11-23T10:00:00.000Z', { day: 'fri-mon' }, '2026-11-23T10:00:00.000Z'],
    ['wrapping days, tuesday: friday', '2026-11-24T00:00:00.000Z', { day: 'fri-mon' }, '2026-11-27T00:00:00.000Z'],
    [
      'wrapping time, before it: tonight',
      '2026-11-23T10:00:00.000Z',
      { time: '22:00-06:00' },
      '2026-11-23T22:00:00.000Z',
    ],
    [
      'wrapping time, after midnight: now',
      '2026-11-24T01:00:00.000Z',
      { time: '22:00-06:00' },
      '2026-11-24T01:00:00.000Z',
    ],
    [
      'wrapping time, at its end: tonight',
      '2026-11-24T06:00:00.000Z',
      { time: '22:00-06:00' },
      '2026-11-24T22:00:00.000Z',
    ],
    [
      'friday night runs on into saturday',
      '2026-11-28T02:00:00.000Z',
      { day: 'fri', time: '22:00-06:00' },
      '2026-11-28T02:00:00.000Z',
    ],
    [
      'saturday after the friday night: next friday',
      '2026-11-28T07:00:00.000Z',
      { day: 'fri', time: '22:00-06:00' },
      '2026-12-04T22:00:00.000Z',
    ],
    [
      'thursday early morning is not the friday window',
      '2026-11-26T02:00:00.000Z',
      { day: 'fri', time: '22:00-06:00' },
      '2026-11-27T22:00:00.000Z',
    ],
    [
      'sunday night across the week boundary',
      '2026-11-30T00:15:00.000Z',
      { day: 'sun', time: '23:30-00:30' },
      '2026-11-30T00:15:00.000Z',
    ],
    [
      'wrapping days and time together',
      '2026-11-24T03:00:00.000Z',
      { day: 'fri-mon', time: '22:00-06:00' },
      '2026-11-24T03:00:00.000Z',
    ],
    [
      'wrapping days and time, tuesday night: friday night',
      '2026-11-24T22:00:00.000Z',
      { day: 'fri-mon', time: '22:00-06:00' },
      '2026-11-27T22:00:00.000Z',
    ],
    [
      'across the year boundary',
      '2026-12-31T17:30:00.000Z',
      { day: 'mon-fri', time: '09:00-17:00' },
      '2027-01-01T09:00:00.000Z',
    ],
    [
      'across the year boundary to a weekday',
      '2027-01-01T17:30:00.000Z',
      { day: 'mon-fri', time: '09:00-17:00' },
      '2027-01-04T09:00:00.000Z',
    ],
  ])('%s', (_what, earliest, window, expected) => expect(at(earliest, window)).toBe(expected));
});

describe('recurring boundaries (UTC)', () => {
  it.each([
    ['2026-11-23T10:20:30.000Z', 'minute', '2026-11-23T10:21:00.000Z'],
    ['2026-11-23T10:21:00.000Z', 'minute', '2026-11-23T10:22:00.000Z'],
    ['2026-11-23T10:20:30.000Z', 'hour', '2026-11-23T11:00:00.000Z'],
    ['2026-11-23T23:59:59.999Z', 'day', '2026-11-24T00:00:00.000Z'],
    ['2026-11-28T12:00:00.000Z', 'week', '2026-11-30T00:00:00.000Z'],
    ['2026-11-30T00:00:00.000Z', 'week', '2026-12-07T00:00:00.000Z'],
  ] as const)('after %s every %s: %s', (now, every, expected) =>
    expect(new Date(nextBoundary(ms(now), every)).toISOString()).toBe(expected),
  );
});

describe('schedule against the mock platform', () => {
  const mock = useMockPlatform({ now: '2026-11-23T10:00:00.000Z' });
  const tid = 'shop1';
  const setup = () => {
    mock.platform.admin.integrations.create(tid, { name: 'remind', handler: ({ payload }) => payload });
    return createIntegration('remind', { trackingId: tid });
  };
  const runs = async () => {
    await mock.platform.inspect.integrations.idle();
    return mock.platform.inspect.integrations.runs().map((r) => ({
      executionId: r.executionId,
      at: new Date(r.at).toISOString(),
      payload: r.payload,
      trigger: r.trigger,
      status: r.status,
    }));
  };

  it('answers runAt from delay and window, and runs when the clock reaches it', async () => {
    const remind = setup();
    const scheduled = await remind.schedule(
      { n: 1 },
      { key: { order: 'o1' }, delay: 8 * 3600_000, window: { day: 'mon-fri', time: '09:00-17:00' } },
    );
    expect(scheduled).toEqual({ executionId: 'ex-1', runAt: '2026-11-24T09:00:00.000Z' });
    mock.platform.clock.set('2026-11-24T08:59:59.999Z');
    expect(await runs()).toEqual([]);
    mock.platform.clock.advance(1);
    expect(await runs()).toEqual([
      { executionId: 'ex-1', at: '2026-11-24T09:00:00.000Z', payload: { n: 1 }, trigger: 'schedule', status: 'ok' },
    ]);
    expect(mock.platform.inspect.integrations.pending()).toEqual([]);
  });

  it('a schedule with the key of a pending one replaces it', async () => {
    const remind = setup();
    await remind.schedule({ v: 'first' }, { key: { order: 'o1' }, delay: 3600_000 });
    const second = await remind.schedule({ v: 'second' }, { key: { order: 'o1' }, delay: 2 * 3600_000 });
    await remind.schedule({ v: 'other' }, { key: { order: 'o2' }, delay: 3600_000 });
    expect(mock.platform.inspect.integrations.pending().map((p) => [p.executionId, p.key, p.runAt])).toEqual([
      ['ex-3', { order: 'o2' }, '2026-11-23T11:00:00.000Z'],
      ['ex-2', { order: 'o1' }, '2026-11-23T12:00:00.000Z'],
    ]);
    mock.platform.clock.advance(3 * 3600_000);
    expect((await runs()).map((r) => [r.executionId, r.at, r.payload])).toEqual([
      ['ex-3', '2026-11-23T11:00:00.000Z', { v: 'other' }],
      [second.executionId, '2026-11-23T12:00:00.000Z', { v: 'second' }],
    ]);
  });

  it('key order does not matter for replacement; schedules without a key never replace each other', async () => {
    const remind = setup();
    await remind.schedule(1, { key: { campaign: 'spring', email: 'h1' }, delay: 1000 });
    await remind.schedule(2, { key: { email: 'h1', campaign: 'spring' }, delay: 1000 });
    await remind.schedule(3, { delay: 1000 });
    await remind.schedule(4, { delay: 1000 });
    expect(mock.platform.inspect.integrations.pending().map((p) => p.payload)).toEqual([2, 3, 4]);
  });

  it('cancel removes every pending schedule whose key has the given values', async () => {
    const remind = setup();
    await remind.schedule('a', { key: { campaign: 'spring', email: 'h1' }, delay: 1000 });
    await remind.schedule('b', { key: { campaign: 'spring', email: 'h2' }, delay: 1000 });
    await remind.schedule('c', { key: { campaign: 'summer', email: 'h1' }, delay: 1000 });
    expect(await remind.cancel({ email: 'h1' })).toBe(2);
    expect(await remind.cancel({ email: 'h1' })).toBe(0);
    expect(await remind.cancel({ email: 'h3' })).toBe(0);
    expect(mock.platform.inspect.integrations.pending().map((p) => p.payload)).toEqual(['b']);
    mock.platform.clock.advance(1000);
    expect((await runs()).map((r) => r.payload)).toEqual(['b']);
    expect(await remind.cancel({ campaign: 'spring', email: 'h2' })).toBe(0); // already ran
  });

  it('refuses malformed bodies from other clients with 400', async () => {
    setup();
    const url = 'https://integrations.svc.example/v1/shop1/integrations/remind/schedule';
    const post = async (body: string) =>
      (await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).json();
    expect(await post('{"payload":{},"key":{},"delay":-5}')).toEqual({
      status: 400,
      message: 'delay must be a whole number of milliseconds >= 0',
    });
    expect(await post('{"payload":{},"key":{},"window":{"day":"someday"}}')).toEqual({
      status: 400,
      message: 'window.day is malformed: expected {day: "mon-fri", time: "09:00-17:00"}',
    });
    expect(await post('{"payload":{},"key":{"a":[1]}}')).toEqual({
      status: 400,
      message: 'key.a must be a string or a number',
    });
    expect(await post('not json')).toEqual({ status: 400, message: 'the body must be a JSON object' });
    expect(mock.platform.inspect.integrations.pending()).toEqual([]);
  });
});

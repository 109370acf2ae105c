// @vitest-environment happy-dom
// Issue 33, points 10 and 11: what dead pages left is always recovered (a heartbeat that cannot be a
// live page's counts as dead), and a live page's events are never adopted: its Web Lock says it
// lives, whatever its clock says; the wall clock decides only where Web Locks cannot tell.
import { describe, expect, it } from 'vitest';
import type { TrackingEvent } from '../../src/tracker';
import { HEARTBEAT_SPAN, isAlive } from '../../src/tracker/liveness';
import { useMockPlatform } from '../support/mock-server';
import { useTrackers } from './helpers';

const mock = useMockPlatform();
const TID = 'shop_1';
const YEAR = 365 * 86_400_000;
const start = useTrackers(TID, { batchDelay: 0 });
const event = (page: string): TrackingEvent => ({
  meta: { id: `${page}-1`, type: 'ecUser', ts: 1, visitorId: 'v', pageViewId: page, seq: 1, url: 'u' },
  data: { user: { id: 'u' } },
});
/** A page `page` that left its heartbeat record `record` (as stored text) and one chunk of one event. */
function leftover(page: string, record: string) {
  localStorage.setItem(`_svcq:${TID}:${page}`, record);
  localStorage.setItem(`_svcq:${TID}:${page}:0`, JSON.stringify([event(page)]));
}
const heldIds = () =>
  mock.platform.inspect.events
    .received(TID)
    .map((e) => e.meta.id)
    .sort();

describe('leftovers of dead pages are always recovered (no Web Locks here: the wall clock decides)', () => {
  it('heartbeats that cannot be a live page’s: adopted and sent; a fresh one is left alone', async () => {
    const now = Date.now();
    leftover('not-json', 'not json');
    leftover('year-ahead', JSON.stringify({ t: now + YEAR }));
    leftover('absurd', JSON.stringify({ t: 1e308 }));
    leftover('infinite', '{"t":1e999}');
    leftover('negative', JSON.stringify({ t: -5 }));
    leftover('text', JSON.stringify({ t: String(now) }));
    leftover('array', JSON.stringify([now]));
    leftover('live', JSON.stringify({ t: now }));
    const t = start();
    await t.flush();
    expect(heldIds()).toEqual(
      ['absurd', 'array', 'infinite', 'negative', 'not-json', 'text', 'year-ahead'].map((p) => `${p}-1`).sort(),
    );
    expect(
      Object.keys(localStorage)
        .filter((k) => k.startsWith('_svcq:'))
        .sort(),
    ).toEqual([`_svcq:${TID}:live`, `_svcq:${TID}:live:0`]);
  });
});

describe('isAlive: the Web Lock first, the wall clock only where locks cannot tell', () => {
  const now = 1_800_000_000_000;
  it.each<[string, object | undefined, ReadonlySet<string> | undefined, boolean]>([
    ['a lock held, a heartbeat 36 years behind (a skewed clock)', { t: now - 36 * YEAR, l: 1 }, new Set(['p']), true],
    ['a lock held, a heartbeat a year ahead', { t: now + YEAR, l: 1 }, new Set(['p']), true],
    ['no lock held, a fresh heartbeat (the page died)', { t: now, l: 1 }, new Set(['other']), false],
    ['a lock held, but the page left (t 0)', { t: 0, l: 1 }, new Set(['p']), false],
    ['no l (an older version): the wall clock, fresh', { t: now - 1000 }, new Set<string>(), true],
    ['no l: the wall clock, stale', { t: now - HEARTBEAT_SPAN - 1 }, new Set<string>(), false],
    ['l but locks cannot tell: the wall clock, fresh', { t: now, l: 1 }, undefined, true],
    [
      'l but locks cannot tell: the wall clock, ahead beyond the span',
      { t: now + HEARTBEAT_SPAN + 1, l: 1 },
      undefined,
      false,
    ],
    ['no record', undefined, new Set(['p']), false],
  ])('%s', (_name, record, live, alive) => {
    expect(isAlive(record, 'p', now, live)).toBe(alive);
  });
});

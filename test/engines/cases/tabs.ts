// Two tabs of one returning shopper: each sends its own events, and the events a closed tab left
// stored are adopted by one of them only (the adoption lock, and Web Locks where the page has them). Every
// batch the platform's front saw is answered 200, so an event id in two batches is one sent twice.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { until } from '../drivers';
import { answered, emit, expectAll, heldAll, type Storefront, test, trackerIds } from '../storefront';

const LEFT = 50;
const OWN = 100;

/**
 * What a closed tab of page view `gone` leaves, as the tracker stores it: the visitor's cookie, and
 * LEFT events for `tid` (the page's record and one chunk).
 */
const leaveEvents = (s: Storefront, gone: string, visitorId: string) =>
  s.page.evaluate(
    ([tid, gone, visitorId, n]) => {
      document.cookie = `_svcTracker=${visitorId}; Path=/; SameSite=Lax`;
      const meta = (i: number) => ({
        id: `${gone}-${i}`,
        type: 'ecUser',
        ts: 1,
        visitorId,
        pageViewId: gone,
        seq: i + 1,
        url: `${location.origin}/gone`,
      });
      const events = Array.from({ length: n }, (_, i) => ({ meta: meta(i), data: { user: {} } }));
      localStorage.setItem(`_svcq:${tid}:${gone}`, JSON.stringify({ t: 0 }));
      localStorage.setItem(`_svcq:${tid}:${gone}:0`, JSON.stringify(events));
    },
    [s.tid, gone, visitorId, LEFT] as [string, string, string, number],
  );

const queued = (page: Storefront['page']) =>
  page.evaluate(() => (window as unknown as { svc: { tracker: { queued: number } } }).svc.tracker.queued);

export function tabCases(s: Storefront) {
  test('two tabs: each event, their own and those a closed tab left, is sent once', async () => {
    const gone = `gone-${s.tid}`;
    const visitorId = randomUUID();
    await s.page.open(`${s.shop.url}/engines/shop.html`); // the shop's origin, no tracker
    await leaveEvents(s, gone, visitorId);
    const other = await s.page.tab();
    const url = `${s.shop.url}/engines/tracker.html?tid=${s.tid}`;
    await Promise.all([s.page.open(url), other.open(url)]);
    const tabs = [s.page, other];
    const ids = await Promise.all(tabs.map((tab) => trackerIds(tab)));
    expect(ids[0].pageViewId).not.toBe(ids[1].pageViewId);
    // One shopper: both tabs keep the visitor id of the cookie (docs/storefront.md#identity says
    // what two tabs of a first visit, with no cookie yet, do instead).
    expect(ids.map((tab) => tab.visitorId)).toEqual([visitorId, visitorId]);
    await Promise.all(tabs.map((tab) => emit(tab, OWN)));
    await heldAll(s, gone, LEFT);
    for (const { pageViewId } of ids) await heldAll(s, pageViewId, OWN);
    await until(async () => (await Promise.all(tabs.map(queued))).every((n) => n === 0), 'both tabs done sending');
    const sent = await until(() => answered(s), 'every batch answered');
    expect(sent.map((b) => b.status).filter((status) => status !== 200)).toEqual([]);
    const everyId = sent.flatMap((b) => b.ids);
    expect(everyId.length - new Set(everyId).size, 'events sent in two batches').toBe(0);
    expect(everyId).toHaveLength(LEFT + 2 * OWN);
    expectAll(s, gone, LEFT);
    for (const { pageViewId } of ids) expectAll(s, pageViewId, OWN);
    expect(s.mock.platform().inspect.events.stats(s.tid)).toMatchObject({ accepted: LEFT + 2 * OWN, duplicates: 0 });
  });
}

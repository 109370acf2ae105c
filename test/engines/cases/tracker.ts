// The script tag's tracker: the visitor id kept, batches (gzip among them) delivered once each,
// nothing lost while the platform is away, and an event emitted just before leaving.
import { expect } from 'vitest';
import { GZIP_FROM } from '../../../src/tracker/delivery';
import { until, waitFor } from '../drivers';
import { answered, batches, emit, expectAll, held, heldAll, type Storefront, test, trackerIds } from '../storefront';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const page = (s: Storefront) => `${s.shop.url}/engines/tracker.html?tid=${s.tid}`;

export function trackerCases(s: Storefront) {
  test('_svcTracker is set and kept across reloads, and both page views reach the platform', async () => {
    await s.page.open(page(s));
    const first = await trackerIds(s.page);
    await emit(s.page, 1);
    const cookie = (await s.page.cookies()).find((c) => c.name === '_svcTracker');
    expect(cookie?.value).toBe(first.visitorId);
    await s.page.open(page(s));
    const second = await trackerIds(s.page);
    await emit(s.page, 1);
    expect(second.visitorId).toBe(first.visitorId);
    expect(second.pageViewId).not.toBe(first.pageViewId);
    expect((await s.page.cookies()).find((c) => c.name === '_svcTracker')?.value).toBe(first.visitorId);
    await heldAll(s, first.pageViewId, 1);
    await heldAll(s, second.pageViewId, 1);
    const visitors = s.mock
      .platform()
      .inspect.events.received(s.tid)
      .map((e) => e.meta.visitorId);
    expect(new Set(visitors)).toEqual(new Set([first.visitorId]));
  });

  test('300 events in batches, gzip above GZIP_FROM: the platform holds each once', async () => {
    await s.page.open(page(s));
    const { pageViewId } = await trackerIds(s.page);
    // About 330 characters of JSON each: 300 at once are a backlog, sent in batches of as many as
    // fit a request, well over GZIP_FROM characters.
    await emit(s.page, 300, 200);
    expect(300 * 330).toBeGreaterThan(4 * GZIP_FROM);
    await heldAll(s, pageViewId, 300);
    expectAll(s, pageViewId, 300);
    const sent = await until(() => answered(s), 'every batch answered');
    const what = JSON.stringify(sent.map(({ gzip, events, status }) => ({ gzip, events, status })));
    expect(sent.every((b) => b.status === 200)).toBe(true);
    expect(
      sent.reduce((sum, b) => sum + b.events, 0),
      what,
    ).toBe(300);
    expect(sent.length, what).toBeLessThan(300 / 2); // batched: several events a request
    expect(
      sent.some((b) => b.gzip),
      what,
    ).toBe(true);
    expect(s.mock.platform().inspect.events.stats(s.tid)).toMatchObject({ accepted: 300, duplicates: 0, rejected: 0 });
  });

  test('the platform unreachable: nothing arrives, nothing is lost, all 50 once on its return', async () => {
    await s.page.open(page(s));
    const { pageViewId } = await trackerIds(s.page);
    s.front.state.unreachable = true;
    await emit(s.page, 50);
    await until(() => batches(s).length >= 2, 'two attempts while unreachable');
    expect(held(s, pageViewId)).toEqual([]);
    expect(batches(s).every((b) => b.status === 'reset')).toBe(true);
    s.front.state.unreachable = false;
    await heldAll(s, pageViewId, 50, 60_000);
    expectAll(s, pageViewId, 50);
  });

  if (OFFLINE_MODE[s.engineName])
    test('the browser offline: nothing leaves it, nothing is lost, all 50 once back online', async () => {
      await s.page.open(page(s));
      const { pageViewId } = await trackerIds(s.page);
      await s.page.offline!(true);
      await emit(s.page, 50);
      // The tracker's attempts fail in the browser (an answer with no status): none reaches the front.
      await waitFor(s.page, () => {
        const qa = (globalThis as unknown as Record<symbol, { records: { area: string; status?: number }[] }>)[
          Symbol.for('svc.qa')
        ];
        return !navigator.onLine && qa.records.filter((r) => r.area === 'answer' && r.status === undefined).length >= 2;
      });
      expect(batches(s)).toEqual([]);
      expect(held(s, pageViewId)).toEqual([]);
      await s.page.offline!(false);
      await heldAll(s, pageViewId, 50, 60_000);
      expectAll(s, pageViewId, 50);
    });

  test('the platform answering 503 (admin faults API): all 50 once after the fault is cleared', async () => {
    const faults = `${s.mock.url}/__svc/faults/events`;
    expect(
      (await fetch(faults, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ status: 503 }) })).status,
    ).toBe(200);
    await s.page.open(page(s));
    const { pageViewId } = await trackerIds(s.page);
    await emit(s.page, 50);
    await until(() => batches(s).filter((b) => b.status === 503).length >= 2, 'two refusals');
    expect(held(s, pageViewId)).toEqual([]);
    expect((await fetch(faults, { method: 'DELETE', headers: JSON_TYPE })).status).toBe(200);
    await heldAll(s, pageViewId, 50, 60_000);
    expectAll(s, pageViewId, 50);
  });
}

/**
 * Whether the engine's driver can take the network away (`EnginePage.offline`): where it cannot
 * (WebKit), the unreachable platform above stands for it.
 */
const OFFLINE_MODE = { chromium: true, firefox: true, webkit: false } as const;

/** How an event emitted just before leaving for another site reaches the platform, per engine. */
export const EXIT_DELIVERY = { chromium: 'at exit', firefox: 'at exit', webkit: 'at exit' } as const;

export function exitCases(s: Storefront) {
  test(`an event emitted just before leaving for another site arrives (${EXIT_DELIVERY[s.engineName]})`, async () => {
    await s.page.open(page(s));
    const { pageViewId } = await trackerIds(s.page);
    await emit(s.page, 1);
    await s.page.open(`${s.front.url}/elsewhere`);
    const atExit = await until(() => held(s, pageViewId).length === 1, 'the event at exit', 5_000).catch(() => false);
    let how = 'at exit';
    if (!atExit) {
      how = 'at the next visit';
      await s.page.open(page(s));
      await heldAll(s, pageViewId, 1);
    }
    expect(how).toBe(EXIT_DELIVERY[s.engineName]);
    expectAll(s, pageViewId, 1);
  });

  test('the platform refusing even at exit: the page stores the events, the next visit sends them', async () => {
    s.mock.platform().faults.set('events', { status: 503 });
    await s.page.open(page(s));
    const { pageViewId } = await trackerIds(s.page);
    await emit(s.page, 50);
    await until(() => batches(s).some((b) => b.status === 503), 'a refusal');
    const before = batches(s).length;
    await s.page.open(`${s.front.url}/elsewhere`);
    // Page exit sends all 50 (well within the keepalive budget), and is refused: the fault stays
    // on until every request of that exit has its answer, or a late one would deliver them.
    await until(() => {
      const exit = answered(s)?.slice(before);
      return exit && exit.reduce((sum, b) => sum + b.events, 0) >= 50;
    }, 'the requests of page exit, answered');
    expect(held(s, pageViewId)).toEqual([]);
    s.mock.platform().faults.clear();
    await s.page.open(page(s));
    const next = await trackerIds(s.page);
    expect(next.pageViewId).not.toBe(pageViewId);
    await heldAll(s, pageViewId, 50);
    expectAll(s, pageViewId, 50);
  });
}

// Consent through the IAB's TCF CMP API (demo/consent/cmp.ts, built to dist/demo/cmp.js, on the
// Playwright suite's consent-tcf.html): pending, then granted (the events held meanwhile sent)
// or denied (nothing written, nothing sent). And through Google Consent Mode (consent-gcm.html:
// gtag's defaults denied before the SDK), each update followed.
import { expect } from 'vitest';
import { waitFor } from '../drivers';
import { type Storefront, test } from '../storefront';

const TID = 'e2e_shop';
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

interface Page$ {
  svc: {
    tracker: {
      consentState: string;
      consentSource: string;
      pageViewId: string;
      emit(type: string, data: object): unknown;
      flush(): Promise<void>;
      visitorId: string;
    };
    recommendations(options: object): { get(): Promise<unknown> };
  };
  gtag(command: 'consent', action: 'update', state: Record<string, 'granted' | 'denied'>): void;
  svcCmp: { load(options?: { consentMode?: boolean }): void; decide(choice: { purposes: number[] }): void };
}

/** What the page's tracker and storage say now. */
const stateOf = (s: Storefront) =>
  s.page.evaluate(() => {
    const { tracker } = (window as unknown as Page$).svc;
    return {
      consent: tracker.consentState,
      source: tracker.consentSource,
      cookie: document.cookie.includes('_svcTracker='),
      stored: Object.keys(localStorage).some((key) => key.startsWith('_svcq:')),
    };
  });

/** Emits `n` product views and flushes (which sends nothing while consent holds the events back). */
const emitAndFlush = (s: Storefront, n: number) =>
  s.page.evaluate(async (count) => {
    const { tracker } = (window as unknown as Page$).svc;
    for (let i = 0; i < count; i++) tracker.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}` } });
    await tracker.flush();
    return tracker.pageViewId;
  }, n);

/** The CMP loads, and the shopper decides for `purposes`; resolves once the tracker left `pending`. */
async function decide(s: Storefront, purposes: number[]) {
  await s.page.evaluate((purposes) => {
    const { svcCmp } = window as unknown as Page$;
    svcCmp.load({ consentMode: false });
    svcCmp.decide({ purposes });
  }, purposes);
  return waitFor(s.page, () => {
    const state = (window as unknown as Page$).svc.tracker.consentState;
    return state === 'pending' ? undefined : state;
  });
}

const heldOf = (s: Storefront, pageViewId: string) =>
  s.mock
    .platform()
    .inspect.events.received(TID)
    .filter((e) => e.meta.pageViewId === pageViewId);

export function consentCases(s: Storefront) {
  test('TCF: pending holds the events back; accept all writes the cookie and sends them', async () => {
    await s.page.open(`${s.shop.url}/test-pages/consent-tcf.html`);
    const pageViewId = await emitAndFlush(s, 3);
    expect(await stateOf(s)).toEqual({ consent: 'pending', source: 'tcf', cookie: false, stored: false });
    expect((await s.page.cookies()).map((c) => c.name)).not.toContain('_svcTracker');
    expect(heldOf(s, pageViewId)).toEqual([]);
    expect(await decide(s, ALL)).toBe('granted');
    expect(await stateOf(s)).toMatchObject({ consent: 'granted', source: 'tcf', cookie: true });
    expect((await s.page.cookies()).map((c) => c.name)).toContain('_svcTracker');
    await s.page.evaluate(() => (window as unknown as Page$).svc.tracker.flush());
    expect(heldOf(s, pageViewId).map((e) => e.meta.seq)).toEqual([1, 2, 3]);
  });

  test('TCF: reject all: denied, nothing written, nothing sent', async () => {
    await s.page.open(`${s.shop.url}/test-pages/consent-tcf.html`);
    const pageViewId = await emitAndFlush(s, 2);
    expect(await decide(s, [])).toBe('denied');
    await emitAndFlush(s, 2);
    expect(await stateOf(s)).toEqual({ consent: 'denied', source: 'tcf', cookie: false, stored: false });
    expect((await s.page.cookies()).map((c) => c.name)).not.toContain('_svcTracker');
    expect(heldOf(s, pageViewId)).toEqual([]);
    expect(s.front.seen.filter((r) => r.pageViews.includes(pageViewId))).toEqual([]);
  });

  test("TCF: a later visit's reject all removes the cookies an earlier visit's accept wrote", async () => {
    await s.page.open(`${s.shop.url}/test-pages/consent-tcf.html`);
    expect(await decide(s, ALL)).toBe('granted');
    const ours = async () =>
      (await s.page.cookies()).map((c) => c.name).filter((name) => name === '_svcTracker' || name === 'svc_permanent');
    expect((await ours()).sort()).toEqual(['_svcTracker', 'svc_permanent']);
    await s.page.open(`${s.shop.url}/test-pages/consent-tcf.html`);
    expect(await stateOf(s)).toMatchObject({ consent: 'pending', cookie: true });
    expect(await decide(s, [])).toBe('denied');
    expect(await stateOf(s)).toEqual({ consent: 'denied', source: 'tcf', cookie: false, stored: false });
    expect(await ours()).toEqual([]);
  });
}

/** A Consent Mode update, as the shop's banner pushes it through gtag; resolves with the tracker's state after it. */
const update = (s: Storefront, state: Record<string, 'granted' | 'denied'>) =>
  s.page.evaluate((state) => {
    (window as unknown as Page$).gtag('consent', 'update', state);
    return (window as unknown as Page$).svc.tracker.consentState;
  }, state);

/** The `contextId` of each recommendation request the front saw (null when none was sent). */
const contextIds = (s: Storefront) =>
  s.front.seen
    .filter((r) => r.method === 'POST' && r.path.startsWith('/vc/recommend/'))
    .map((r) => new URLSearchParams(r.search).get('contextId'));

export function consentModeCases(s: Storefront) {
  test('Consent Mode: pending under the default, granted then denied by updates', async () => {
    await s.page.open(`${s.shop.url}/test-pages/consent-gcm.html`);
    const pageViewId = await emitAndFlush(s, 2);
    expect(await stateOf(s)).toEqual({ consent: 'pending', source: 'gcm', cookie: false, stored: false });
    expect(heldOf(s, pageViewId)).toEqual([]);
    expect(await update(s, { analytics_storage: 'granted' })).toBe('granted');
    expect(await stateOf(s)).toMatchObject({ consent: 'granted', source: 'gcm', cookie: true });
    expect((await s.page.cookies()).map((c) => c.name)).toContain('_svcTracker');
    await s.page.evaluate(() => (window as unknown as Page$).svc.tracker.flush());
    expect(heldOf(s, pageViewId).map((e) => e.meta.seq)).toEqual([1, 2]);
    expect(await update(s, { analytics_storage: 'denied' })).toBe('denied');
    expect(await stateOf(s)).toEqual({ consent: 'denied', source: 'gcm', cookie: false, stored: false });
    expect((await s.page.cookies()).map((c) => c.name)).not.toContain('_svcTracker');
    await emitAndFlush(s, 2);
    expect(heldOf(s, pageViewId)).toHaveLength(2);
  });

  test('Consent Mode: personalization_storage denied asks recommendations without the visitor id', async () => {
    await s.page.open(`${s.shop.url}/test-pages/consent-gcm.html`);
    const get = () =>
      s.page.evaluate(async () => {
        const { svc } = window as unknown as Page$;
        await svc
          .recommendations({ meta: { trackingId: 'e2e_shop' } })
          .get()
          .catch(() => undefined);
      });
    await update(s, { analytics_storage: 'granted', personalization_storage: 'denied' });
    await get();
    await update(s, { personalization_storage: 'granted' });
    await get();
    const visitorId = await s.page.evaluate(() => (window as unknown as Page$).svc.tracker.visitorId);
    expect(contextIds(s)).toEqual([null, visitorId]);
  });
}

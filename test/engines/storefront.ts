// The storefront suite: the same tests in every engine (chromium.test.ts, firefox.test.ts,
// webkit.test.ts each run it in one). The platform is `svc-mock serve` in this process, behind a
// recording front (servers.ts) on 127.0.0.1; the shop's pages come from localhost, another origin.
// Each test checks from both sides: what the platform received (`platform().inspect`, the front's
// record) and what the page shows.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock/server';
import { ENGINES, type Engine, type EngineName, type EnginePage, until, waitFor } from './drivers';
import { type Seen, startFront, startShop } from './servers';

/** Each test runs this many times in a row (`ENGINES_REPEAT=20` for the 20-run check). */
const repeats = Number(process.env.ENGINES_REPEAT ?? 1) - 1;

/** What the suite shares: the platform, its front, the shop, the engine and this test's page. */
export interface Storefront {
  /** The engine this suite runs in (known when the tests are declared; `engine` is after beforeAll). */
  engineName: EngineName;
  engine: Engine;
  mock: MockServer;
  front: Awaited<ReturnType<typeof startFront>>;
  shop: Awaited<ReturnType<typeof startShop>>;
  page: EnginePage;
  /** A tracking id of this test alone, so that the platform's state of one test is not another's. */
  tid: string;
}

let serial = 0;

/** Runs `cases` in the engine `name`, each with a fresh page and a tracking id of its own. */
export function storefrontSuite(name: EngineName, cases: ((s: Storefront) => void)[]) {
  const s = { engineName: name } as Storefront;
  describe(`storefront in ${name}`, () => {
    beforeAll(async () => {
      s.mock = await startMockServer({ port: 0, fixtures: true });
      s.front = await startFront(s.mock.url);
      s.shop = await startShop(s.front.url);
      s.engine = await ENGINES[name]();
    }, 120_000);
    afterAll(async () => {
      await s.engine?.close();
      await s.shop?.close();
      await s.front?.close();
      await s.mock?.close();
    }, 60_000);
    beforeEach(async () => {
      s.tid = `eng_${name}_${++serial}`;
      s.front.state.unreachable = false;
      s.front.seen.length = 0;
      s.mock.platform().faults.clear();
      s.page = await s.engine.page();
    });
    afterEach(async () => {
      await s.page?.close();
    });
    for (const add of cases) add(s);
  });
}

/** `it` with the suite's repeats. */
export const test = (title: string, fn: () => Promise<void>, timeout = 90_000) => it(title, { repeats, timeout }, fn);

/** What the page's script tag made, as the tests read it. */
interface PageSvc {
  tracker: {
    visitorId: string;
    pageViewId: string;
    queued: number;
    emit(type: string, data: unknown): unknown;
  };
}

/** Waits for the script tag's tracker and reads its ids. */
export const trackerIds = (page: EnginePage) =>
  waitFor(page, () => {
    const svc = (window as unknown as { svc?: PageSvc }).svc;
    return svc?.tracker ? { visitorId: svc.tracker.visitorId, pageViewId: svc.tracker.pageViewId } : undefined;
  });

/** Emits `n` ecProduct events (productId p0..), each with `pad` characters of name. */
export const emit = (page: EnginePage, n: number, pad = 0) =>
  page.evaluate(
    ([n, pad]) => {
      const { tracker } = (window as unknown as { svc: PageSvc }).svc;
      for (let i = 0; i < n; i++)
        tracker.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}`, name: 'x'.repeat(pad) } });
      return n;
    },
    [n, pad] as [number, number],
  );

/** The events the platform holds of one page view. */
export const held = (s: Storefront, pageViewId: string) =>
  s.mock
    .platform()
    .inspect.events.received(s.tid)
    .filter((e) => e.meta.pageViewId === pageViewId);

/** Asserts the platform holds seq 1..n of the page view, each once, with productIds p0..p{n-1}. */
export function expectAll(s: Storefront, pageViewId: string, n: number) {
  const events = held(s, pageViewId);
  expect(events.map((e) => e.meta.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  expect(new Set(events.map((e) => e.meta.id)).size).toBe(n);
  expect(events.every((e) => e.duplicates === 0)).toBe(true);
}

/** Waits until the platform holds `n` events of the page view. */
export const heldAll = (s: Storefront, pageViewId: string, n: number, timeout = 30_000) =>
  until(() => held(s, pageViewId).length >= n, `${n} events of ${pageViewId}`, timeout);

/**
 * The event batches of this test's tracking id the front saw. A page of an earlier test may still
 * send after it closed (page exit sends again what was in flight: the platform deduplicates).
 */
export const batches = (s: Storefront): Seen[] =>
  s.front.seen.filter((r) => r.method === 'POST' && r.path === `/events/v1/${s.tid}`);

/** The event batches the front saw, once each has its answer (undefined while one waits for it). */
export const answered = (s: Storefront): Seen[] | undefined => {
  const sent = batches(s);
  return sent.every((b) => b.status !== 'pending') ? sent : undefined;
};

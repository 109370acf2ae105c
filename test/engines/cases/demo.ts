// The demo (scripts/demo-server.mjs over the build) at its top level: its mock platform runs in
// the page behind MSW's service worker, which answers every `*.svc.example` request. The demo's
// own origin (a server of its own) keeps its worker apart from the shop's pages. WebKit's one
// window keeps the worker's registration from a run to the next (a page's close() clears only
// cookies and storage): a later run starts controlled, a first one registers; the case holds for both.
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { listen } from '../../../scripts/demo-server.mjs';
import { waitFor } from '../drivers';
import { type Storefront, test } from '../storefront';

/** What the demo page shows and what its mock (window.svcMock) received of this page view. */
const settled = (s: Storefront) =>
  waitFor(
    s.page,
    () => {
      type Received = { meta: { type: string; pageViewId: string } }[];
      const w = window as unknown as {
        svc?: { tracker?: { pageViewId: string } };
        svcMock?: {
          platform: { inspect: { events: { received(t: string): Received } } };
          exchanges: { api: string; status?: number; requestBody: string }[];
        };
      };
      const pageViewId = w.svc?.tracker?.pageViewId;
      const widgets = [...document.querySelectorAll<HTMLElement>('#page section.recs')];
      if (!pageViewId || !w.svcMock || widgets.length === 0) return undefined;
      if (widgets.some((widget) => widget.dataset.state === 'loading')) return undefined;
      const views = w.svcMock.platform.inspect.events
        .received('demo_shop')
        .filter((e) => e.meta.pageViewId === pageViewId && e.meta.type === 'ecView');
      // The batch that carried it crossed the worker, and its answer is in the demo's request log
      // (in WebKit too, which cannot transfer MSW's copy of the answer: demo/mock.ts reads the page's).
      const crossed = w.svcMock.exchanges.some(
        (x) => x.api === 'events' && x.status === 200 && x.requestBody.includes(pageViewId),
      );
      if (views.length === 0 || !crossed) return undefined;
      return {
        pageViewId,
        controller: navigator.serviceWorker.controller?.scriptURL.replace(location.origin, '') ?? null,
        widgets: widgets.map((widget) => [widget.dataset.strategy, widget.dataset.state]),
        cards: Math.min(...widgets.map((widget) => widget.querySelectorAll('li').length)),
        images: document.querySelectorAll('#page img').length,
        views: views.length,
      };
    },
    undefined,
    30_000,
  );

export function demoCases(s: Storefront) {
  let demo: Server;
  let url: string;
  beforeAll(async () => {
    demo = await listen(0, '127.0.0.1');
    url = `http://localhost:${(demo.address() as { port: number }).port}/`;
  });
  afterAll(() => {
    demo?.closeAllConnections();
    demo?.close();
  });

  test('the demo at its top level: the service worker answers, products and recommendations, an event, a reload', async () => {
    await s.page.open(url);
    const first = await settled(s);
    const home = [
      ['popular', 'ready'],
      ['trending', 'ready'],
      ['new', 'ready'],
    ];
    expect(first).toMatchObject({ widgets: home, views: 1 });
    expect(first.cards).toBeGreaterThan(0);
    expect(first.images).toBeGreaterThan(0);
    // A reload: the worker controls the page from its start, and the mock starts again in it.
    await s.page.evaluate(() => void setTimeout(() => location.reload(), 0));
    const again = await waitFor(
      s.page,
      (before) => {
        const id = (window as unknown as { svc?: { tracker?: { pageViewId: string } } }).svc?.tracker?.pageViewId;
        return document.readyState === 'complete' && id !== undefined && id !== before;
      },
      first.pageViewId,
    ).then(() => settled(s));
    expect(again).toMatchObject({ controller: '/mockServiceWorker.js', widgets: home, views: 1 });
    expect(again.cards).toBeGreaterThan(0);
    expect(again.pageViewId).not.toBe(first.pageViewId);
  });
}

// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { type Component, createSSRApp, h, shallowRef } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { loadRecommendations as baseLoadRecommendations } from '../../src/recommendations';
import { type Recommendation, SvcRecommendations } from '../../src/vue';
import { loadRecommendations } from '../../src/vue/server';
import { RAW_ANSWER } from '../recommendations/feed';
import { recommendationEvents, useTrackers } from '../recommendations/page-tracker';
import { useMockPlatform } from '../support/mock-server';
import { texts, useVuePage } from './vue-page';
import { SlotWidget, TID, Widget } from './widget';

// Personalised from the first byte: the server's snapshot (`loadRecommendations` of
// @svc/vue/server) rendered with @vue/server-renderer, then hydrated by createSSRApp().mount over
// that HTML with no mismatch (Vue warns `Hydration ... mismatch` on the console: page.problems)
// and no request.
const mock = useMockPlatform();
const trackers = useTrackers();
const page = useVuePage();

const recommendRequests = async () => (await mock.sent()).filter((r) => r.url.pathname.includes('/vc/recommend/'));

/** Renders `app` as a server would, puts the HTML in the container, and hydrates it there. */
async function serveAndHydrate(app: Component) {
  page.container.innerHTML = await renderToString(createSSRApp(app));
  const html = page.container.innerHTML;
  page.app = createSSRApp(app);
  page.app.mount(page.container);
  return html;
}

describe('loadRecommendations (@svc/vue/server)', () => {
  // Its snapshots are tested once, in test/recommendations/load-recommendations.test.ts.
  it("is @svc/recommendations' own", () => {
    expect(loadRecommendations).toBe(baseLoadRecommendations);
  });
});

describe('server rendering and hydration', () => {
  it('catches a mismatch: a server HTML the client does not render is reported on the console', async () => {
    page.container.innerHTML = await renderToString(createSSRApp({ render: () => h('p', 'server') }));
    page.app = createSSRApp({ render: () => h('p', 'client') });
    page.app.mount(page.container);
    expect(page.problems.some((problem) => /Hydration .*mismatch/.test(problem))).toBe(true);
  });

  it('without a snapshot: loading on the server and while hydrating, then one get', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    const html = await serveAndHydrate({
      render: () => [h(Widget, { config: { limit: 3 } }), h(SlotWidget, { config: { limit: 3 } })],
    });
    expect(html).toBe(
      '<!--[--><p class="recs">Loading…</p><div data-state="loading" class="slots"><p>Loading…</p></div><!--]-->',
    );
    await vi.waitFor(() => expect(texts(page.container, 'li')).toHaveLength(6));
    await vi.waitFor(() => expect(events).toHaveLength(6));
    expect(await recommendRequests()).toHaveLength(2);
    expect(page.problems).toEqual([]);
  });

  it('with a snapshot: the cards on the server, hydrated with no mismatch and no request, each shown once', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const initial = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
    const before = (await recommendRequests()).length;
    const events = recommendationEvents(trackers.start());
    const html = await serveAndHydrate({
      render: () => [h(Widget, { config: { limit: 3 }, initial }), h(SlotWidget, { config: { limit: 3 }, initial })],
    });
    expect(texts(page.container, 'ol.recs li')).toEqual(['Product p2', 'Product p4', 'Product p1']);
    expect(html).toContain('<div data-state="ready" class="slots"><!--[--><h2>3 for you</h2><!--]--><ul><li>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.problems).toEqual([]);
    expect(await recommendRequests()).toHaveLength(before);
    // Without IntersectionObserver an observed card is shown at once: each widget's items once each.
    await vi.waitFor(() => expect(events).toHaveLength(6));
    const ids = events.map(([type, item]) => `${type} ${item.id}`).sort();
    expect(ids).toEqual(['p1', 'p1', 'p2', 'p2', 'p4', 'p4'].map((id) => `recommendationShown ${id}`));
    page.container.querySelectorAll('ol.recs a')[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(events).toHaveLength(7));
    expect(events[6]).toEqual(['recommendationClicked', expect.objectContaining({ id: 'p4', position: 2 })]);
  });

  it('with a snapshot: exclude, transformItems and limit apply to it, on the server and while hydrating', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER); // p2, p4, p1
    const initial = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
    const before = (await recommendRequests()).length;
    const events = recommendationEvents(trackers.start());
    const html = await serveAndHydrate({
      render: () =>
        h(
          SvcRecommendations,
          {
            options: { meta: { trackingId: TID } },
            config: { limit: 2 },
            initial,
            exclude: ['p4'],
            transformItems: (items: Recommendation[]) => [...items].reverse(),
          },
          { item: ({ item }: { item: Recommendation }) => h('a', { href: '#next' }, String(item.details.name)) },
        ),
    });
    expect(html).toContain('>Product p1</a></li><li><a href="#next">Product p2</a>');
    expect(html).not.toContain('Product p4');
    expect(texts(page.container, 'li')).toEqual(['Product p1', 'Product p2']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.problems).toEqual([]);
    expect(await recommendRequests()).toHaveLength(before);
    // A card's position is its place as rendered: p2, first in the snapshot, is second here.
    page.container.querySelectorAll('a')[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() =>
      expect(events).toContainEqual(['recommendationClicked', expect.objectContaining({ id: 'p2', position: 2 })]),
    );
  });

  it('with a snapshot: asks again only when the options or config change', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const initial = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
    const before = (await recommendRequests()).length;
    const config = shallowRef({ limit: 3 });
    await serveAndHydrate({ render: () => h(Widget, { config: config.value, initial }) });
    config.value = { limit: 3 };
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await recommendRequests()).toHaveLength(before);
    config.value = { limit: 2 };
    await vi.waitFor(async () => expect(await recommendRequests()).toHaveLength(before + 1));
    await vi.waitFor(() => expect(texts(page.container, 'ol.recs li')).toHaveLength(2));
    expect(page.problems).toEqual([]);
  });

  it('with an empty snapshot: the empty slot on the server and while hydrating, nothing asked', async () => {
    const initial = await loadRecommendations({ meta: { trackingId: 'no_such_shop' } });
    const before = (await recommendRequests()).length;
    const html = await serveAndHydrate({ render: () => h(SlotWidget, { trackingId: 'no_such_shop', initial }) });
    expect(html).toBe(
      '<div data-state="empty" data-code="NO_RECOMMENDATIONS" class="slots"><p>Nothing to recommend</p></div>',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await recommendRequests()).toHaveLength(before);
    expect(page.problems).toEqual([]);
  });
});

// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createApp, h, nextTick, shallowRef } from 'vue';
import { type Recommendation, SvcRecommendations } from '../../src/vue';
import { RAW_ANSWER } from '../recommendations/feed';
import { recommendationEvents, useTrackers } from '../recommendations/page-tracker';
import { useMockPlatform } from '../support/mock-server';
import { texts, useVuePage } from './vue-page';
import { SlotWidget, TID } from './widget';

// <SvcRecommendations> in happy-dom against the mock platform: each state's slot, the root's
// data-state and data-code, the cards it owns (each observed once).
const mock = useMockPlatform();
const trackers = useTrackers();
const page = useVuePage();

const recommendRequests = async () => (await mock.sent()).filter((r) => r.url.pathname.includes('/vc/recommend/'));
const root = () => page.container.firstElementChild as HTMLElement;

/** Mounts `SlotWidget` with the props `props` holds; a new value of `props` re-renders it with those. */
function mountSlots(initial: Record<string, unknown>) {
  const props = shallowRef(initial);
  page.app = createApp({ render: () => h(SlotWidget, props.value) });
  page.app.mount(page.container);
  return props;
}

describe('<SvcRecommendations>', () => {
  it('renders the loading slot, then the header and one observed card per item, each reported once', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    mountSlots({ config: { limit: 3 } });
    expect(page.container.innerHTML).toBe('<div data-state="loading" class="slots"><p>Loading…</p></div>');
    await vi.waitFor(() => expect(root().dataset.state).toBe('ready'));
    expect(root().outerHTML).toBe(
      '<div data-state="ready" class="slots"><h2>3 for you</h2><ul>' +
        '<li><a href="#next" data-position="1">Product p2</a></li>' +
        '<li><a href="#next" data-position="2">Product p4</a></li>' +
        '<li><a href="#next" data-position="3">Product p1</a></li></ul></div>',
    );
    await vi.waitFor(() => expect(events).toHaveLength(3));
    page.container.querySelectorAll('a')[2].click();
    await vi.waitFor(() => expect(events).toHaveLength(4));
    expect(events.map(([type, data]) => `${type} ${data.id}`)).toEqual([
      'recommendationShown p2',
      'recommendationShown p4',
      'recommendationShown p1',
      'recommendationClicked p1',
    ]);
    expect(events[3][1].position).toBe(3);
    expect(page.problems).toEqual([]);
  });

  it('renders the empty slot for no recommendations, the error slot and data-code for a refused config', async () => {
    const props = mountSlots({ trackingId: 'nobody_here' });
    await vi.waitFor(() => expect(root().dataset.state).toBe('empty'));
    expect(root().outerHTML).toBe(
      '<div data-state="empty" class="slots" data-code="NO_RECOMMENDATIONS"><p>Nothing to recommend</p></div>',
    );
    const before = (await recommendRequests()).length;
    props.value = { trackingId: 'nobody_here', config: { limit: 51 } };
    await vi.waitFor(() => expect(root().dataset.state).toBe('error'));
    expect(root().dataset.code).toBe('INVALID_ARGUMENT');
    expect(texts(root(), 'p')).toEqual(['Failed: INVALID_ARGUMENT']);
    expect(await recommendRequests()).toHaveLength(before);
  });

  it("keeps the previous answer's cards while a new question is on its way", async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const props = mountSlots({ config: { limit: 3 } });
    await vi.waitFor(() => expect(texts(root(), 'li')).toHaveLength(3));
    mock.platform.faults.set('recommend', { ...RAW_ANSWER, latencyMs: 150 });
    props.value = { config: { limit: 2 } };
    await nextTick();
    expect(root().dataset.state).toBe('loading');
    expect(texts(root(), 'li')).toEqual(['Product p2', 'Product p4', 'Product p1']);
    await vi.waitFor(() => expect(root().dataset.state).toBe('ready'));
    expect(texts(root(), 'li')).toEqual(['Product p2', 'Product p4']);
  });

  it("shows each item's name as text without an item slot, markup in a name included", async () => {
    const answer = {
      status: 200,
      result: {
        items: [{ id: 'x1', weight: 1, strategy: 'popular', details: { name: '<img src=x onerror=alert(1)>' } }],
      },
    };
    mock.platform.faults.set('recommend', { raw: JSON.stringify(answer) });
    page.app = createApp({ render: () => h(SvcRecommendations, { options: { meta: { trackingId: TID } } }) });
    page.app.mount(page.container);
    await vi.waitFor(() => expect(root().dataset.state).toBe('ready'));
    expect(root().querySelector('img')).toBeNull();
    expect(texts(root(), 'li')).toEqual(['<img src=x onerror=alert(1)>']);
    expect(page.problems).toEqual([]);
  });

  it('exclude asks for as many more and never shows them; transformItems reorders; positions as rendered', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER); // p2, p4, p1
    const events = recommendationEvents(trackers.start());
    page.app = createApp({
      render: () =>
        h(
          SvcRecommendations,
          {
            options: { meta: { trackingId: TID } },
            config: { limit: 2 },
            exclude: ['p4'],
            transformItems: (items: Recommendation[]) => [...items].reverse(),
          },
          {
            item: ({ item }: { item: { details: Record<string, unknown> } }) =>
              h('a', { href: '#next' }, String(item.details.name)),
          },
        ),
    });
    page.app.mount(page.container);
    await vi.waitFor(() => expect(texts(page.container, 'li')).toEqual(['Product p1', 'Product p2']));
    expect((await recommendRequests()).map((r) => r.url.searchParams.get('n'))).toEqual(['3']);
    page.container.querySelectorAll('a')[1].click();
    await vi.waitFor(() =>
      expect(events).toContainEqual(['recommendationClicked', expect.objectContaining({ id: 'p2', position: 2 })]),
    );
  });

  it('a transformItems that returns no list is an error, as for the element', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    page.app = createApp({
      render: () =>
        h(
          SvcRecommendations,
          { options: { meta: { trackingId: TID } }, transformItems: (() => null) as never },
          { item: ({ item }: { item: { id: string } }) => h('span', item.id) },
        ),
    });
    page.app.mount(page.container);
    await vi.waitFor(() => expect(root().dataset.state).toBe('error'));
    expect(root().dataset.code).toBe('INVALID_ARGUMENT');
  });
});

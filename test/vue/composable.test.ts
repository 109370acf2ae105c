// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createApp, defineComponent, h, nextTick, reactive, shallowRef, watchEffect } from 'vue';
import { type Recommendation, useRecommendations } from '../../src/vue';
import { RAW_ANSWER } from '../recommendations/feed';
import { recommendationEvents, useTrackers } from '../recommendations/page-tracker';
import { useMockPlatform } from '../support/mock-server';
import { impressions, texts, useVuePage } from './vue-page';
import { TID, Widget } from './widget';

// useRecommendations in happy-dom against the mock platform, mounted with Vue's own createApp.
// Without IntersectionObserver (stubbed away) `observe` sends `shown` at once, so the tracker's
// events show what was observed, and how often.
const mock = useMockPlatform();
const trackers = useTrackers();
const page = useVuePage();

const recommendRequests = async () => (await mock.sent()).filter((r) => r.url.pathname.includes('/vc/recommend/'));
const idle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Mounts `Widget` with the props `props` holds; a new value of `props` re-renders it with those. */
function mountWidget(initial: Record<string, unknown>) {
  const props = shallowRef(initial);
  page.app = createApp({ render: () => h(Widget, props.value) });
  page.app.mount(page.container);
  return props;
}

describe('useRecommendations', () => {
  it('renders loading, asks once mounted, and reports each item shown once and a click once, re-renders included', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    const props = mountWidget({ config: { limit: 3 } });
    expect(page.container.innerHTML).toBe('<p class="recs">Loading…</p>');
    await vi.waitFor(() => expect(texts(page.container, 'li')).toEqual(['Product p2', 'Product p4', 'Product p1']));
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events.map(([type, data]) => [type, data.id])).toEqual([
      ['recommendationShown', 'p2'],
      ['recommendationShown', 'p4'],
      ['recommendationShown', 'p1'],
    ]);
    // A re-render calls every card's function ref again: nothing is stopped, nothing observed a second time.
    const states = impressions(page.container);
    props.value = { config: { limit: 3 }, label: 'again' };
    await nextTick();
    expect(page.container.querySelector('ol')?.dataset.label).toBe('again');
    expect(states).toEqual([]);
    page.container.querySelectorAll('a')[1].click();
    await vi.waitFor(() => expect(events).toHaveLength(4));
    expect(events[3]).toEqual(['recommendationClicked', expect.objectContaining({ id: 'p4', position: 2 })]);
    await idle();
    expect(events).toHaveLength(4);
    expect((await recommendRequests()).map((r) => r.url.searchParams.get('n'))).toEqual(['3']);
    expect(page.problems).toEqual([]);
  });

  it('says empty for no recommendations and error (with the typed error) for a refused config, sending nothing', async () => {
    const props = mountWidget({ trackingId: 'nobody_here' });
    await vi.waitFor(() => expect(page.container.querySelector('p')?.textContent).toBe('empty'));
    expect(page.container.querySelector('p')?.dataset.code).toBe('NO_RECOMMENDATIONS');

    const before = (await recommendRequests()).length;
    props.value = { trackingId: 'nobody_here', config: { limit: 0 } };
    await vi.waitFor(() => expect(page.container.querySelector('p')?.textContent).toBe('error'));
    expect(page.container.querySelector('p')?.dataset.code).toBe('INVALID_ARGUMENT');
    expect((await recommendRequests()).length).toBe(before);
  });

  it('asks again when the config or options.meta change by value, not for a new object of the same value', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const props = mountWidget({ config: { limit: 3 } });
    await vi.waitFor(() => expect(texts(page.container, 'li')).toHaveLength(3));
    props.value = { config: { limit: 3 } };
    await nextTick();
    props.value = { config: { limit: 3 }, emitMetric: () => undefined };
    await idle();
    expect(await recommendRequests()).toHaveLength(1);
    props.value = { config: { limit: 2, strategy: 'new' } };
    await vi.waitFor(() => expect(texts(page.container, 'li')).toHaveLength(2));
    props.value = { config: { limit: 2, strategy: 'new' }, trackingId: 'shop2' };
    await vi.waitFor(async () => expect(await recommendRequests()).toHaveLength(3));
    const requests = await recommendRequests();
    expect(requests.map((r) => [r.url.pathname.split('/').pop(), r.url.searchParams.get('strategy')])).toEqual([
      [TID, 'popular'],
      [TID, 'new'],
      ['shop2', 'new'],
    ]);
  });

  it('keeps the items while a new question is on its way, and drops an answer that comes after a newer one', async () => {
    mock.platform.faults.set('recommend', { ...RAW_ANSWER, latencyMs: 300, times: 1 });
    const props = mountWidget({ config: { limit: 3 } });
    // The slow answer's fault is taken (and so off): the next question is answered at once.
    await vi.waitFor(() => expect(mock.platform.faults.list().recommend).toBeUndefined());
    mock.platform.faults.set('recommend', RAW_ANSWER);
    props.value = { config: { limit: 2 } };
    await vi.waitFor(() => expect(texts(page.container, 'li')).toEqual(['Product p2', 'Product p4']));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(texts(page.container, 'li')).toEqual(['Product p2', 'Product p4']);
    expect(await recommendRequests()).toHaveLength(2);
  });

  it('a new answer on the same elements: the previous items stop being observed (one click, one event)', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    const props = mountWidget({ config: { limit: 3 } });
    await vi.waitFor(() => expect(events).toHaveLength(3));
    const [first] = page.container.querySelectorAll('li');
    const states = impressions(page.container);
    props.value = { config: { limit: 3, strategy: 'new' } };
    // The same ids: Vue keeps each card's element and gives it the new item's function ref.
    await vi.waitFor(() => expect(events).toHaveLength(6));
    expect(page.container.querySelector('li')).toBe(first);
    expect(states.filter((state) => !state.startsWith('shown'))).toEqual(
      ['p2', 'p4', 'p1'].flatMap((id) => [`stopped ${id}`, `observed ${id}`]),
    );
    page.container.querySelector('a')?.click();
    await vi.waitFor(() => expect(events).toHaveLength(7));
    await idle();
    expect(events.slice(6)).toEqual([['recommendationClicked', expect.objectContaining({ id: 'p2', position: 1 })]]);
  });

  it('observes the root element of a component that carries the function ref, and stops when it is unmounted', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    const Card = defineComponent({
      props: { item: { type: Object as () => Recommendation, required: true } },
      setup: (props) => () => h('a', { href: '#next' }, String(props.item.details.name)),
    });
    const shown = shallowRef(true);
    page.app = createApp({
      setup() {
        const { items, observe } = useRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
        return () =>
          shown.value
            ? h(
                'div',
                items.value.map((item) => h(Card, { key: item.id, item, ref: observe(item) })),
              )
            : null;
      },
    });
    page.app.mount(page.container);
    await vi.waitFor(() => expect(events).toHaveLength(3));
    const states = impressions(page.container);
    shown.value = false;
    await nextTick();
    // Stopped as Vue unmounts them, still in the page (a card stopped only once it has left it
    // dispatches its `stopped` where no listener is).
    expect(states).toEqual(['stopped p2', 'stopped p4', 'stopped p1']);
    expect(events.map(([type]) => type)).toEqual(Array(3).fill('recommendationShown'));
  });

  it("observes items read through the shop's reactive state (Vue's proxies of them)", async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    page.app = createApp({
      setup() {
        const { items, observe } = useRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
        const store = reactive({ items: [] as Recommendation[] });
        watchEffect(() => {
          store.items = items.value;
        });
        return () =>
          h(
            'ul',
            store.items.map((item) => h('li', { key: item.id, ref: observe(item) }, item.id)),
          );
      },
    });
    page.app.mount(page.container);
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events.map(([, data]) => data.id)).toEqual(['p2', 'p4', 'p1']);
  });

  it("sends events through the latest props' emitMetric, not the first one's", async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const sent: string[] = [];
    const emitter = (label: string) => (type: string, data: Record<string, unknown>) =>
      void sent.push(`${label} ${type} ${data.id}`);
    const props = mountWidget({ config: { limit: 3 }, emitMetric: emitter('first') });
    await vi.waitFor(() => expect(texts(page.container, 'li')).toHaveLength(3));
    props.value = { config: { limit: 3 }, emitMetric: emitter('second') };
    await nextTick();
    page.container.querySelectorAll('a')[1].click();
    await vi.waitFor(() =>
      expect(sent.filter((event) => event.includes('Clicked'))).toEqual(['second recommendationClicked p4']),
    );
    expect(await recommendRequests()).toHaveLength(1);
  });
});

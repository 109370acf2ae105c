// The Vue page of the browser tests: rendered to a string on the server (test/e2e/vue.spec.ts, in
// Node, with @vue/server-renderer) and hydrated in Chromium by client.ts, bundled by our build
// (dist/vue-page/app.js, Vue's development build, which reports hydration mismatches).
import { defineComponent, h, type PropType } from 'vue';
import { type RecommendationsSnapshot, SvcRecommendations, useRecommendations } from '../../../../src/vue';

const OPTIONS = { meta: { trackingId: 'e2e_shop', visitorId: 'visitor-1' } };

/** Four recommendations as links, each card observed through the composable's function ref. */
const Widget = defineComponent({
  props: { initial: { type: Object as PropType<RecommendationsSnapshot>, required: false } },
  setup(props) {
    const { items, status, error, observe } = useRecommendations(
      OPTIONS,
      { strategy: 'popular', limit: 4 },
      { initial: props.initial },
    );
    return () => {
      if (status.value === 'loading') return h('p', { id: 'status' }, 'Loading…');
      if (status.value !== 'ready') return h('p', { id: 'status' }, error.value?.code);
      return h(
        'ol',
        { id: 'widget' },
        items.value.map((item) =>
          h('li', { key: item.id, ref: observe(item) }, [
            h('a', { href: `/test-pages/observe-next.html?${item.id}` }, String(item.details.name)),
          ]),
        ),
      );
    };
  },
});

/**
 * The page's tree: the composable's widget, and `<SvcRecommendations>` with two items and its
 * slots; with `initial` (the server's snapshot), both render it on the server and while hydrating.
 */
export const App = defineComponent({
  props: { initial: { type: Object as PropType<RecommendationsSnapshot>, required: false } },
  setup(props) {
    return () => [
      h('h1', 'Vue storefront'),
      h(Widget, { initial: props.initial }),
      h(
        SvcRecommendations,
        {
          id: 'slots',
          options: OPTIONS,
          config: { strategy: 'popular', limit: 4 },
          initial: props.initial,
        },
        {
          header: () => h('h2', 'You may also like'),
          item: ({ item }: { item: { id: string; details: Record<string, unknown> } }) =>
            h('a', { href: `/test-pages/observe-next.html?${item.id}` }, String(item.details.name)),
          loading: () => h('p', 'Loading…'),
        },
      ),
    ];
  },
});

/** The id of the `<script type="application/json">` that carries the server's snapshot to the client. */
export const SNAPSHOT_ID = 'svc-snapshot';

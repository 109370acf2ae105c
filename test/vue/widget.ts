// The widgets of the Vue tests (happy-dom, Node's server rendering and the Chromium page): the
// guide's shapes in render functions. `Widget` is written with the composable, a list of links,
// each card observed through its function ref; `SlotWidget` is `<SvcRecommendations>` with every slot.
import { defineComponent, h, type PropType } from 'vue';
import {
  type RecommendationsConfig,
  type RecommendationsOptions,
  type RecommendationsSnapshot,
  SvcRecommendations,
  useRecommendations,
} from '../../src/vue';

export const TID = 'shop1';

/** A widget written with the composable; `label` re-renders it without changing what it asks. */
export const Widget = defineComponent({
  props: {
    config: { type: Object as PropType<RecommendationsConfig>, default: () => ({}) },
    trackingId: { type: String, default: TID },
    emitMetric: { type: Function as PropType<RecommendationsOptions['emitMetric']>, required: false },
    initial: { type: Object as PropType<RecommendationsSnapshot>, required: false },
    label: { type: String, default: '' },
  },
  setup(props) {
    const options = () => ({
      meta: { trackingId: props.trackingId },
      ...(props.emitMetric ? { emitMetric: props.emitMetric } : {}),
    });
    const { items, status, error, observe } = useRecommendations(options, () => props.config, {
      initial: props.initial,
    });
    return () => {
      if (status.value === 'loading' && items.value.length === 0) return h('p', { class: 'recs' }, 'Loading…');
      if (status.value === 'empty' || status.value === 'error')
        return h('p', { class: 'recs', 'data-code': error.value?.code }, status.value);
      return h(
        'ol',
        { class: 'recs', 'data-label': props.label || undefined },
        items.value.map((item) =>
          h('li', { key: item.id, ref: observe(item) }, [
            h('a', { href: String(item.details.url ?? '#next') }, String(item.details.name)),
          ]),
        ),
      );
    };
  },
});

/** `<SvcRecommendations>` with every slot. */
export const SlotWidget = defineComponent({
  props: {
    config: { type: Object as PropType<RecommendationsConfig>, default: () => ({}) },
    trackingId: { type: String, default: TID },
    initial: { type: Object as PropType<RecommendationsSnapshot>, required: false },
  },
  setup(props) {
    return () =>
      h(
        SvcRecommendations,
        {
          class: 'slots',
          options: { meta: { trackingId: props.trackingId } },
          config: props.config,
          initial: props.initial,
        },
        {
          header: ({ items }: { items: unknown[] }) => h('h2', `${items.length} for you`),
          item: ({ item, position }: { item: { id: string; details: Record<string, unknown> }; position: number }) =>
            h('a', { href: '#next', 'data-position': position }, String(item.details.name)),
          loading: () => h('p', 'Loading…'),
          empty: () => h('p', 'Nothing to recommend'),
          error: ({ error }: { error: { code: string } }) => h('p', `Failed: ${error.code}`),
        },
      );
  },
});

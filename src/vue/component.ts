// `<SvcRecommendations>`: `useRecommendations` as a component with slots. The component owns the
// list and its cards (`<ul>` and one `<li>` per item, each observed), so a slot's content can be
// anything (text, several elements, a component); the shop styles them with its own CSS through
// the root's `data-state` (and `data-code` on a failure), as the `<svc-recommendations>` element
// has `state` and `code`.
import type {
  ItemTransforms,
  Recommendation,
  RecommendationsConfig,
  RecommendationsOptions,
  RecommendationsSnapshot,
} from '@svc/recommendations';
import { defineComponent, h, type PropType, type SlotsType, type VNode } from 'vue';
import { useRecommendations } from './composable';
import type { RecommendationsError, RecommendationsState } from './types';

/** Props of `<SvcRecommendations>`. */
export interface SvcRecommendationsProps {
  /** The experience options (`meta.trackingId` at least), as for `useRecommendations`. */
  options: RecommendationsOptions;
  /**
   * The config of `get` (strategy, seed, limit, locale, ...). Without it, `get`'s defaults apply:
   * strategy `popular`, 10 items.
   * @default {}
   */
  config?: RecommendationsConfig;
  /**
   * The server's snapshot (`loadRecommendations` of `@svc/vue/server`), as for `useRecommendations`.
   * Without it, the component asks once mounted.
   * @default undefined
   */
  initial?: RecommendationsSnapshot;
  /**
   * Ids never shown, as for `useRecommendations`: the request asks for as many more.
   * @default []
   */
  exclude?: readonly string[];
  /**
   * Replaces the list shown after `exclude`, as for `useRecommendations`. Without it, the items show as they came.
   * @default undefined
   */
  transformItems?: ItemTransforms['transformItems'];
}

/** The slots of `<SvcRecommendations>` and what each receives. Each is optional. */
export interface SvcRecommendationsSlots {
  /** The content of one card (inside its `<li>`). Without it, the item's `details.name` as text, else its id. */
  item: { item: Recommendation; position: number };
  /** Above the cards, shown with them. */
  header: { items: Recommendation[] };
  /** While the first answer is on its way (a new question keeps the cards until its answer). */
  loading: Record<string, never>;
  /** The platform has no recommendations (`NO_RECOMMENDATIONS`). */
  empty: { error: RecommendationsError };
  /** Any other failure: `error.code` is `TIMEOUT`, `INVALID_ARGUMENT`, ... */
  error: { error: RecommendationsError };
}

/** The cards of `state`, each `<li>` observed. */
function cards(state: RecommendationsState, item?: (props: SvcRecommendationsSlots['item']) => VNode[]): VNode {
  return h(
    'ul',
    state.items.value.map((recommendation, i) =>
      h(
        'li',
        { key: recommendation.id, ref: state.observe(recommendation) },
        item
          ? item({ item: recommendation, position: i + 1 })
          : String(recommendation.details.name ?? recommendation.id),
      ),
    ),
  );
}

/**
 * A recommendations widget: a `<div data-state>` holding the `header` slot and the cards when
 * `ready` (and while a new question is on its way, the previous answer's), else the slot of the
 * state (`loading`, `empty` or `error`). Each card is reported shown once seen for a second and
 * clicked when followed, once per item. Props: `options`, `config`, `initial`, `exclude`, `transformItems`.
 */
// Marked pure (as Vue's own compiler marks it), so a shop importing only the composable bundles none of it.
export const SvcRecommendations = /* @__PURE__ */ defineComponent({
  name: 'SvcRecommendations',
  props: {
    options: { type: Object as PropType<RecommendationsOptions>, required: true },
    config: Object as PropType<RecommendationsConfig>,
    initial: Object as PropType<RecommendationsSnapshot>,
    exclude: Array as PropType<readonly string[]>,
    /** Replaces the list shown after `exclude` (see `SvcRecommendationsProps.transformItems`). */
    transformItems: Function as PropType<ItemTransforms['transformItems']>,
  },
  slots: Object as SlotsType<SvcRecommendationsSlots>,
  setup(props, { slots }) {
    const state = useRecommendations(
      () => props.options,
      () => props.config ?? {},
      { initial: props.initial, exclude: () => props.exclude, transformItems: props.transformItems },
    );
    return () => {
      const [status, error, items] = [state.status.value, state.error.value, state.items.value];
      // While a new question is on its way, the cards of the previous answer stay.
      const withCards = status === 'ready' || (status === 'loading' && items.length > 0);
      const content = withCards
        ? [slots.header?.({ items }), cards(state, slots.item)]
        : status === 'loading'
          ? slots.loading?.({})
          : slots[status]?.({ error: error as RecommendationsError });
      return h('div', { 'data-state': status, 'data-code': error?.code }, content);
    };
  },
});

// The types of @svc/vue's composable and component, in a module that imports nothing of its area
// back (the composable, the card refs and the component all read them).
import type { ItemTransforms, Recommendation, RecommendationsSnapshot, SvcError } from '@svc/recommendations';
import type { ComponentPublicInstance, MaybeRefOrGetter, ShallowRef } from 'vue';

/** Where a widget is: `empty` is `NO_RECOMMENDATIONS`, `error` any other failure (in `error`). */
export type RecommendationsStatus = 'loading' | 'ready' | 'empty' | 'error';

/** The failure of `empty` and `error`: the `SvcError`, or a server snapshot's code and message. */
export type RecommendationsError = SvcError | NonNullable<RecommendationsSnapshot['error']>;

/**
 * The function ref of a card: `:ref="observe(item)"` in a template, `{ ref: observe(item) }` in
 * `h()`. On a component, its root element (`$el`) is observed.
 */
export type CardRef = (target: Element | ComponentPublicInstance | null) => void;

/** What `useRecommendations` returns: refs (read-only), and `observe`. */
export interface RecommendationsState {
  /** The latest answer's items, best first; empty until the first answer and after a failure. */
  items: Readonly<ShallowRef<Recommendation[]>>;
  status: Readonly<ShallowRef<RecommendationsStatus>>;
  /** The failure of `empty` and `error`, else `undefined`. */
  error: Readonly<ShallowRef<RecommendationsError | undefined>>;
  /**
   * The function ref of the card of `item`. A re-render of the same item and position on the same
   * element keeps its observation (and its one-second count); the card stops being observed when it
   * is unmounted or its element is given another item. `position` defaults to the item's place in
   * its answer.
   */
  observe(item: Recommendation, position?: number): CardRef;
}

/** Options of `useRecommendations` beyond the client's: the snapshot, and the item transforms. */
export interface ComposableOptions extends Omit<ItemTransforms, 'exclude'> {
  /**
   * Ids never shown, such as the product on the page (a list, a ref or a getter): the request asks for
   * as many more items (up to the platform's 50), so that `limit` items remain.
   * @default []
   */
  exclude?: MaybeRefOrGetter<readonly string[] | undefined>;
  /**
   * The server's snapshot (`loadRecommendations` of `@svc/vue/server`): rendered on the server and
   * in the hydrating client, with no request after hydration; the composable asks only when the
   * options or config change. `exclude`, `transformItems` and `limit` apply to its items as to any
   * answer's. Without it, the composable asks once mounted.
   * @default undefined
   */
  initial?: RecommendationsSnapshot;
}

// The types of @svc/react's hook and components, in a module that imports nothing of its area back
// (the hook, the card refs, the component and the carousel all read them).
import type {
  ItemTransforms,
  Recommendation,
  RecommendationsConfig,
  RecommendationsOptions,
  RecommendationsSnapshot,
  SvcError,
} from '@svc/recommendations';
import type { ReactNode, RefCallback } from 'react';

/** Where a widget is: `empty` is `NO_RECOMMENDATIONS`, `error` any other failure (in `error`). */
export type RecommendationsStatus = 'loading' | 'ready' | 'empty' | 'error';

/** What `useRecommendations` returns. */
export interface RecommendationsState {
  /** The latest answer's items, best first; empty until the first answer. */
  items: Recommendation[];
  status: RecommendationsStatus;
  /** The failure of `empty` and `error` (a server snapshot's: its code and message), else `undefined`. */
  error: SvcError | RecommendationsSnapshot['error'] | undefined;
  /**
   * The ref callback of the card of `item`: `<a ref={observe(item)}>`. The same item and position
   * always give the same callback, so a re-render does not restart the one-second count.
   * `position` defaults to the item's place in its answer.
   */
  observe(item: Recommendation, position?: number): RefCallback<Element>;
}

/** Options of `useRecommendations` beyond the client's: the snapshot, and `exclude` and `transformItems`. */
export interface HookOptions extends ItemTransforms {
  /**
   * The server's snapshot (`loadRecommendations` of `@svc/react/server`): rendered on the server and
   * in the first client render, with no request after hydration; the hook asks only when the options
   * or config change. `exclude`, `transformItems` and `limit` apply to its items as to any answer's.
   * Without it, the hook asks after hydration.
   * @default undefined
   */
  initial?: RecommendationsSnapshot;
}

/** Props of `<Recommendations>`. */
export interface RecommendationsProps {
  /** The experience options (`meta.trackingId` at least), as for `useRecommendations`. */
  options: RecommendationsOptions;
  /**
   * The config of `get` (strategy, seed, limit, locale, ...). Without it, `get`'s defaults apply: strategy
   * `popular`, 10 items.
   * @default {}
   */
  config?: RecommendationsConfig;
  /**
   * The server's snapshot (`loadRecommendations` of `@svc/react/server`), as for `useRecommendations`. Without it,
   * the component asks after hydration.
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
  /** Renders the widget from the state: `{ items, status, error, observe }`. */
  children: (state: RecommendationsState) => ReactNode;
}

/** Props of `<RecommendationsCarousel>`: those of `<Recommendations>` but `children`, and the carousel's own. */
export interface RecommendationsCarouselProps extends Omit<RecommendationsProps, 'children'> {
  /**
   * The carousel's accessible name (its `aria-label`).
   * @default 'Recommendations'
   */
  label?: string;
  /**
   * Shown before the row, with items only (a heading). Without it, none.
   * @default undefined
   */
  header?: ReactNode;
  /** Renders one card; `ref` goes on the card's root element, which is observed (shown once seen, clicked when followed). */
  renderItem: (item: Recommendation, ref: RefCallback<Element>) => ReactNode;
  /**
   * What shows while loading, and for `empty` and `error` (from the state): a placeholder of the row's height.
   * Without it, nothing.
   * @default undefined
   */
  fallback?: (state: RecommendationsState) => ReactNode;
}

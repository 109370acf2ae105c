// @svc/react: recommendations in React. `useRecommendations(options, config)` gets the items
// after hydration (nothing touches `window` while rendering, so the server's render and the
// first client render are the same: `loading`, no items), or renders a server snapshot
// (`{ initial }`, from `@svc/react/server`) on the server and in the first client render alike;
// `observe(item)` is the ref callback a card puts on its element (shown once seen for a second,
// clicked when followed). `<Recommendations>` is the same with a render prop,
// `<RecommendationsCarousel>` the element's carousel.

export type {
  Recommendation,
  RecommendationsConfig,
  RecommendationsOptions,
  RecommendationsSnapshot,
  SnapshotStatus,
  SvcError,
} from '@svc/recommendations';
export { RecommendationsCarousel } from './carousel';
export { Recommendations } from './component';
export { useRecommendations } from './hook';
export type {
  HookOptions,
  RecommendationsCarouselProps,
  RecommendationsProps,
  RecommendationsState,
  RecommendationsStatus,
} from './types';

// @svc/vue: recommendations in Vue 3.5 (and Nuxt). `useRecommendations(options, config)` gets the
// items once the component is mounted (nothing is asked while rendering, so the server's render
// and the hydrating client's are the same), or renders a server snapshot (`{ initial }`, from
// `@svc/vue/server`) on the server and in the hydrating client alike; `observe(item)` is the
// function ref a card puts on its element (shown once seen for a second, clicked when followed).
// `<SvcRecommendations>` is the same as a component with slots.

export type {
  Recommendation,
  RecommendationsConfig,
  RecommendationsOptions,
  RecommendationsSnapshot,
  SnapshotStatus,
  SvcError,
} from '@svc/recommendations';
export { SvcRecommendations, type SvcRecommendationsProps, type SvcRecommendationsSlots } from './component';
export { useRecommendations } from './composable';
export type {
  CardRef,
  ComposableOptions,
  RecommendationsError,
  RecommendationsState,
  RecommendationsStatus,
} from './types';

// @svc/vue/server: recommendations fetched where the shop renders (Nuxt's `useAsyncData`, a Vite
// SSR entry, an Express handler, an edge function), as a snapshot the page renders in its first
// byte. `useRecommendations(options, config, { initial: snapshot })` and `<SvcRecommendations
// :initial>` render the same markup on the server and in the hydrating client, so hydration
// matches and nothing is asked again. Nothing here needs Node: Nuxt also runs it in the browser on
// a client-side navigation.
export {
  type LoadContext,
  loadRecommendations,
  type RecommendationsSnapshot,
  type SnapshotStatus,
} from '@svc/recommendations';

// @svc/react/server: recommendations fetched where the shop renders (a React Server Component, a
// route loader, an Express handler, an edge function), as a snapshot the page renders in its first
// byte. `useRecommendations(options, config, { initial: snapshot })` renders the same markup on the
// server and in the first client render, so hydration matches and nothing is asked again.
export {
  type LoadContext,
  loadRecommendations,
  type RecommendationsSnapshot,
  type SnapshotStatus,
} from '@svc/recommendations';

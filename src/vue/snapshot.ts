// The server snapshot of a recommendations widget: what `loadRecommendations` of `@svc/vue/server`
// resolves where the page renders, and what `useRecommendations(..., { initial })` renders on the
// server and in the hydrating client alike. Plain data (JSON), so a Nuxt payload or a page's data
// block carries it to the browser as it is. The same shape as `@svc/react/server`'s snapshot.
import type { Recommendation } from '@svc/recommendations';

/** What a server's `get` ended with: `empty` is `NO_RECOMMENDATIONS`, `error` any other failure. */
export type SnapshotStatus = 'ready' | 'empty' | 'error';

/** A widget's recommendations as the server got them. */
export interface RecommendationsSnapshot {
  /** The items, best first; empty unless `ready`. */
  items: Recommendation[];
  status: SnapshotStatus;
  /** The failure of `empty` and `error` (its code and message), else `null`. */
  error: { code: string; message: string } | null;
}

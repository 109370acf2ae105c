// The server snapshot of a recommendations widget: what `loadRecommendations` resolves on the
// server and `useRecommendations(..., { initial })` renders in the first client render. Plain data
// (JSON), so a React Server Component or a route loader can pass it to the client as it is.
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

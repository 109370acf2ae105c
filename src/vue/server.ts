// @svc/vue/server: recommendations fetched where the shop renders (Nuxt's `useAsyncData`, a Vite
// SSR entry, an Express handler, an edge function), as a snapshot the page renders in its first
// byte. `useRecommendations(options, config, { initial: snapshot })` and `<SvcRecommendations
// :initial>` render the same markup on the server and in the hydrating client, so hydration
// matches and nothing is asked again. Nothing here needs Node: Nuxt also runs it in the browser on
// a client-side navigation.
import {
  type RecommendationsConfig,
  type RecommendationsOptions,
  recommendations,
  type SvcError,
} from '@svc/recommendations';
import type { RecommendationsSnapshot } from './snapshot';

export type { RecommendationsSnapshot, SnapshotStatus } from './snapshot';

/** Who the recommendations are for. */
export interface LoadContext {
  /**
   * The visitor id (the `_svcTracker` cookie of the request, or the `contextId` the first response
   * sets): sent as `contextId`. Without it, no `contextId` is sent: the recommendations are for no one in
   * particular.
   * @default undefined
   */
  visitorId?: string;
}

/**
 * The recommendations of `options` and `config` (as `recommendations(options, config).get()`) for
 * the visitor of `context`, as a snapshot. Never rejects: a timeout, a failure or a refused option is
 * a snapshot with status `error` (or `empty` for `NO_RECOMMENDATIONS`), and the page renders its
 * default. Set `config.timeout` so a slow platform cannot hold the page.
 */
export async function loadRecommendations(
  options: RecommendationsOptions,
  config: RecommendationsConfig = {},
  context: LoadContext = {},
): Promise<RecommendationsSnapshot> {
  try {
    const meta = { ...options?.meta, ...(context.visitorId === undefined ? {} : { visitorId: context.visitorId }) };
    const items = await recommendations({ ...options, meta }, config).get();
    // A plain array of plain items: the list's own properties (debug rules, locale) stay on the server.
    return { items: items.map((item) => ({ ...item })), status: 'ready', error: null };
  } catch (caught) {
    const error = caught as SvcError;
    const code = typeof error?.code === 'string' ? error.code : 'UNKNOWN';
    return {
      items: [],
      status: code === 'NO_RECOMMENDATIONS' ? 'empty' : 'error',
      error: { code, message: String(error?.message ?? error) },
    };
  }
}

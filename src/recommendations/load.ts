// loadRecommendations: a widget's recommendations where the shop renders, as a snapshot (plain
// data) that @svc/react's and @svc/vue's widgets render with `{ initial }`. @svc/react/server and
// @svc/vue/server export it.
import type { SvcError } from '@svc/core';
import { recommendations } from './client';
import type { RecommendationsConfig, RecommendationsOptions, RecommendationsSnapshot } from './types';

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

// loadRecommendations: a widget's recommendations where the shop renders, as a snapshot (plain
// data) that @svc/react's and @svc/vue's widgets render with `{ initial }`. @svc/react/server and
// @svc/vue/server export it.
import {
  checkObject,
  type FieldCheck,
  globalPrivacyControl,
  isObject,
  optional,
  type RequestHeaders,
  type SvcError,
} from '@svc/core';
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
  /**
   * The shop's request headers (web `Headers` or Node's): with `Sec-GPC: 1`, the visitor opts out
   * (Global Privacy Control), as with `gpc: true`.
   * @default undefined
   */
  headers?: RequestHeaders;
  /**
   * The visitor opts out (Global Privacy Control): no visitor id is sent, neither `visitorId` nor
   * `options.meta.visitorId`, so the recommendations are for no one in particular. When given, it
   * wins over `headers`. Without it, `headers` decide.
   * @default undefined
   */
  gpc?: boolean;
}

/** The context's fields, each checked when given. */
const CONTEXT: FieldCheck[] = [
  ['visitorId', optional((value) => typeof value === 'string'), 'must be a string'],
  ['headers', optional(isObject), "must be the shop's request headers (Headers or an object)"],
  ['gpc', optional((value) => typeof value === 'boolean'), 'must be a boolean'],
];

/**
 * `options` and `config` for `context`: its visitor id in; under Global Privacy Control, no visitor
 * id at all (neither `options.meta.visitorId` nor `config.visitorId`).
 */
function forContext(options: RecommendationsOptions, config: RecommendationsConfig, context: LoadContext) {
  checkObject('context', context, CONTEXT);
  if (context.gpc ?? globalPrivacyControl(context.headers)) {
    const { visitorId: _inMeta, ...meta } = options?.meta ?? ({} as RecommendationsOptions['meta']);
    const { visitorId: _inConfig, ...anonymous } = config ?? {};
    return { options: { ...options, meta: meta as RecommendationsOptions['meta'] }, config: anonymous };
  }
  const meta = { ...options?.meta, ...(context.visitorId === undefined ? {} : { visitorId: context.visitorId }) };
  return { options: { ...options, meta }, config };
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
    const asked = forContext(options, config, context);
    const items = await recommendations(asked.options, asked.config).get();
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

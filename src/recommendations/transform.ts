// What a widget shows of an answer: without the ids the shop excludes (the product on the page),
// through the shop's own transform (out of stock removed, reordered), at most `limit` items. The
// request asks for the excluded ids' count more, so that `limit` still counts after the exclusion.
import { invalid } from '@svc/core';
import type { Recommendation, RecommendationsConfig } from './types';

/** The most items one request may ask for (PROTOCOL.md: `n` is 1..50). */
const MAX_ASKED = 50;

/** `get`'s default `limit` (RecommendationsConfig documents it). */
const DEFAULT_LIMIT = 10;

/** What a widget (the element, `@svc/react`, `@svc/vue`) does to an answer before showing it. */
export interface ItemTransforms {
  /**
   * Ids never shown, such as the product on the page. The request asks for as many more items (up
   * to the platform's 50), so that `limit` items remain when they come back.
   * @default []
   */
  exclude?: readonly string[];
  /**
   * Replaces the list shown, after `exclude`: returns the items to show, in their order (a card's
   * position is its place in this list). Without it, the items are shown as they came.
   * @default undefined
   */
  transformItems?: (items: Recommendation[]) => Recommendation[];
}

/** `exclude` checked: a list of ids (`INVALID_ARGUMENT` naming `exclude`). */
function excludedIds(exclude: unknown): readonly string[] {
  if (exclude === undefined) return [];
  if (!Array.isArray(exclude) || !exclude.every((id) => typeof id === 'string'))
    invalid('exclude', exclude, 'must be a list of item ids');
  return exclude;
}

/** The config to ask with: `limit` raised by the excluded ids' count, up to 50. */
export function configToAsk(config: RecommendationsConfig, transforms: ItemTransforms): RecommendationsConfig {
  const excluded = excludedIds(transforms.exclude).length;
  if (!excluded || (config.limit !== undefined && typeof config.limit !== 'number')) return config;
  const limit = config.limit ?? DEFAULT_LIMIT;
  return { ...config, limit: Math.min(MAX_ASKED, limit + excluded) };
}

/** The items to show of an answer: `exclude` left out, `transformItems` applied, at most `limit`. */
export function itemsToShow(
  items: readonly Recommendation[],
  transforms: ItemTransforms,
  limit = DEFAULT_LIMIT,
): Recommendation[] {
  const excluded = new Set(excludedIds(transforms.exclude));
  let shown = items.filter((item) => !excluded.has(item.id));
  if (transforms.transformItems !== undefined) {
    if (typeof transforms.transformItems !== 'function')
      invalid('transformItems', transforms.transformItems, 'must be a function');
    shown = transforms.transformItems(shown);
    if (!Array.isArray(shown)) invalid('transformItems', shown, 'must return a list of items');
  }
  return shown.slice(0, limit);
}

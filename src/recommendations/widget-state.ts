// A framework widget's state after one `get`, or from a server snapshot (`@svc/react`'s hook,
// `@svc/vue`'s composable): the items it shows (`exclude`, `transformItems` and `limit` applied, as
// `itemsToShow`), or the failure, `empty` for `NO_RECOMMENDATIONS` (none left after the transforms
// included).
import { NoRecommendationsError, type SvcError } from '@svc/core';
import { type ItemTransforms, itemsToShow } from './transform';
import type { Recommendation, RecommendationsSnapshot, SnapshotStatus } from './types';

/** What a widget shows after one `get`, or from a server snapshot. */
export interface WidgetState {
  /** The items to show, in their order as rendered; empty unless `ready`. */
  items: Recommendation[];
  /** `ready` with items; `empty` for `NO_RECOMMENDATIONS`; `error` for any other failure. */
  status: SnapshotStatus;
  /** The failure of `empty` and `error` (a server snapshot's: its code and message), else `undefined`. */
  error: SvcError | NonNullable<RecommendationsSnapshot['error']> | undefined;
}

/** A failure as a widget's state: `NO_RECOMMENDATIONS` is `empty`, anything else `error`. */
export const stateOfFailure = (error: unknown): WidgetState => ({
  items: [],
  status: (error as SvcError)?.code === 'NO_RECOMMENDATIONS' ? 'empty' : 'error',
  error: error as SvcError,
});

/**
 * An answer (the items of `get`) as a widget's state: the items `itemsToShow(items, transforms, limit)`
 * leaves, `ready`; none left is `empty` (a `NoRecommendationsError`). A `transformItems` that throws,
 * or that `itemsToShow` refuses (`INVALID_ARGUMENT`), is `error` with that error, as for the element.
 */
export function stateOfAnswer(
  items: readonly Recommendation[],
  transforms: ItemTransforms,
  limit: number | undefined,
): WidgetState {
  let list: Recommendation[];
  try {
    list = itemsToShow(items, transforms, limit);
  } catch (error) {
    return stateOfFailure(error);
  }
  if (!list.length) return stateOfFailure(new NoRecommendationsError('recommendations left after exclude'));
  return { items: list, status: 'ready', error: undefined };
}

/**
 * A server snapshot (`loadRecommendations`) as a widget's state: a `ready` one's items through
 * `stateOfAnswer`, as any answer's (so the server and the hydrating client render the same cards);
 * an `empty` or `error` one as it is.
 */
export function stateOfSnapshot(
  snapshot: RecommendationsSnapshot,
  transforms: ItemTransforms,
  limit: number | undefined,
): WidgetState {
  if (snapshot.status === 'ready') return stateOfAnswer(snapshot.items, transforms, limit);
  return { items: snapshot.items, status: snapshot.status, error: snapshot.error ?? undefined };
}

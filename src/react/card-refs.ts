// The ref callbacks of the cards of one `useRecommendations`: one per item and position, so that a
// re-render does not restart an item's one-second count; React 19 calls the returned function when
// the element goes, which stops the observation.
import type { Recommendation, Recommendations as RecommendationsClient } from '@svc/recommendations';
import { type RefCallback, useCallback, useRef } from 'react';

/**
 * `observe(item, position?)`: one ref callback per item and position, observing with the item's
 * client; a server snapshot's item, without a position, at its place as rendered.
 */
export function useObserve(
  owners: WeakMap<Recommendation, RecommendationsClient>,
  places: WeakMap<Recommendation, number>,
) {
  const refs = useRef(new WeakMap<Recommendation, Map<number | undefined, RefCallback<Element>>>());
  return useCallback(
    (item: Recommendation, position?: number): RefCallback<Element> => {
      const byPosition = refs.current.get(item) ?? new Map<number | undefined, RefCallback<Element>>();
      refs.current.set(item, byPosition);
      let ref = byPosition.get(position);
      if (!ref) {
        // React 19 calls the returned function when the element goes: the observation stops.
        const at = position ?? places.get(item);
        ref = (element) => (element ? owners.get(item)?.observe(element, item, at) : undefined);
        byPosition.set(position, ref);
      }
      return ref;
    },
    [owners, places],
  );
}

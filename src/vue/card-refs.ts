// The function refs of the cards of one `useRecommendations`. Vue calls a function ref with the
// element after every render that keeps it, with `null` when the element is unmounted, and not at
// all when a render gives the element another function: so each element remembers the ref that
// observes it, a second call of that ref is nothing, and another ref on it stops the first one's
// observation before starting its own.
import type { Recommendation, Recommendations as RecommendationsClient } from '@svc/recommendations';
import { toRaw } from 'vue';
import type { CardRef } from './types';

/** The observation an element is under, and the ref that started it. */
interface Card {
  ref: CardRef;
  stop: () => void;
}

/** A ref's target as an element: a component's root element, nothing for a fragment or a text. */
function elementOf(target: Parameters<CardRef>[0]): Element | undefined {
  const node = target && '$el' in target ? (target.$el as Node | null) : target;
  return node?.nodeType === 1 ? (node as Element) : undefined;
}

/**
 * `observe(item, position?)` over `owners` (the client each item came from, whose once-per-item rule
 * applies) and `places` (a server snapshot's items, by their place in it: no `get` of this page's
 * client knows them).
 */
export function cardRefs(
  owners: WeakMap<Recommendation, RecommendationsClient>,
  places: WeakMap<Recommendation, number>,
): (item: Recommendation, position?: number) => CardRef {
  const cards = new WeakMap<Element, Card>();
  const refs = new WeakMap<Recommendation, Map<number | undefined, CardRef>>();

  const attach = (ref: CardRef, element: Element, item: Recommendation, position: number | undefined) => {
    const card = cards.get(element);
    if (card?.ref === ref) return;
    card?.stop();
    const stop = owners.get(item)?.observe(element, item, position ?? places.get(item));
    cards.set(element, { ref, stop: stop ?? (() => undefined) });
  };
  const detach = (ref: CardRef, element: Element) => {
    const card = cards.get(element);
    if (card?.ref !== ref) return;
    card.stop();
    cards.delete(element);
  };
  const create = (item: Recommendation, position: number | undefined): CardRef => {
    let current: Element | undefined;
    const ref: CardRef = (target) => {
      const element = elementOf(target);
      if (current && current !== element) detach(ref, current);
      current = element;
      if (element) attach(ref, element, item, position);
    };
    return ref;
  };
  return (item, position) => {
    const raw = toRaw(item);
    const byPosition = refs.get(raw) ?? new Map<number | undefined, CardRef>();
    refs.set(raw, byPosition);
    let ref = byPosition.get(position);
    if (!ref) {
      ref = create(raw, position);
      byPosition.set(position, ref);
    }
    return ref;
  };
}

// The function refs of the cards of one `useRecommendations`. Vue calls a function ref with the
// element after every render that keeps it, with `null` when the element is unmounted, and not at
// all when a render gives the element another function: so each element remembers which item (and
// position) it is observed for; the same item again is nothing, another item on it stops the first
// one's observation before starting its own, and `null` stops it.
import type { Recommendation, Recommendations as RecommendationsClient } from '@svc/recommendations';
import { toRaw } from 'vue';
import type { CardRef } from './types';

/** The observation an element is under. */
interface Card {
  item: Recommendation;
  position: number | undefined;
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
  const isCardOf = (card: Card | undefined, item: Recommendation, position: number | undefined) =>
    card?.item === item && card.position === position;

  const attach = (element: Element, item: Recommendation, position: number | undefined) => {
    const card = cards.get(element);
    if (isCardOf(card, item, position)) return;
    card?.stop();
    const stop = owners.get(item)?.observe(element, item, position ?? places.get(item));
    cards.set(element, { item, position, stop: stop ?? (() => undefined) });
  };
  const detach = (element: Element, item: Recommendation, position: number | undefined) => {
    const card = cards.get(element);
    if (!isCardOf(card, item, position)) return;
    card?.stop();
    cards.delete(element);
  };
  return (observed, position) => {
    const item = toRaw(observed);
    let current: Element | undefined;
    return (target) => {
      const element = elementOf(target);
      if (current && current !== element) detach(current, item, position);
      current = element;
      if (element) attach(element, item, position);
    };
  };
}

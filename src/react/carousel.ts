// `<RecommendationsCarousel>`: the element's `layout="carousel"` in React, after the same rules
// (`@svc/recommendations/internal`'s carousel rules: where a row's ends are, how it pages, its layout).
import type { Recommendation } from '@svc/recommendations';
import { CARD_STYLE, carouselEnds, pageThrough, TRACK_STYLE } from '@svc/recommendations/internal';
import { createElement, Fragment, type ReactNode, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useRecommendations } from './hook';
import type { RecommendationsCarouselProps } from './types';

/**
 * The track of a carousel showing `items`: its ref callback (the row's layout), the element, and
 * where the row's ends are (the buttons' disabled states), kept as the track scrolls and resizes.
 */
function useCarouselTrack(items: readonly Recommendation[]) {
  const track = useRef<HTMLDivElement | null>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: false });
  const update = useCallback(() => {
    if (!track.current) return;
    for (const card of track.current.children) Object.assign((card as HTMLElement).style, CARD_STYLE);
    const now = carouselEnds(track.current);
    // The same state when neither end changed: a scroll event re-renders nothing (a smooth scroll sends many).
    setEnds((was) => (was.atStart === now.atStart && was.atEnd === now.atEnd ? was : now));
  }, []);
  const trackRef = useCallback((node: HTMLDivElement | null) => {
    track.current = node;
    if (node) Object.assign(node.style, TRACK_STYLE);
  }, []);
  // Before the browser paints the cards (a layout effect): each card is laid out in the row from its
  // first frame, as the element lays out the cards it inserts, and the buttons say where the ends are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ends change with the items shown
  useLayoutEffect(() => {
    const node = track.current;
    if (!node) return;
    update();
    node.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : undefined;
    resized?.observe(node);
    return () => {
      node.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [update, items]);
  return { track, trackRef, ends };
}

/**
 * The recommendations as a carousel after the WAI-ARIA APG pattern, as `layout="carousel"` of the
 * element: a region named `label` whose `aria-roledescription` is `carousel`, previous / next
 * buttons disabled at the ends, a track the keyboard can focus and scroll, snapping, no autoplay,
 * reduced motion respected. Rendered the same on the server and in the first client render (the
 * previous button disabled); the layout styles are set through the CSSOM, which a strict CSP allows.
 */
export function RecommendationsCarousel(props: RecommendationsCarouselProps): ReactNode {
  const { options, config, initial, exclude, transformItems } = props;
  const state = useRecommendations(options, config, { initial, exclude, transformItems });
  const id = useId();
  const { track, trackRef, ends } = useCarouselTrack(state.items);
  if (state.status !== 'ready') return props.fallback?.(state) ?? null;
  const button = (direction: -1 | 1) =>
    createElement(
      'button',
      {
        type: 'button',
        'aria-label': direction < 0 ? 'Previous items' : 'Next items',
        'aria-controls': id,
        disabled: direction < 0 ? ends.atStart : ends.atEnd,
        [direction < 0 ? 'data-svc-prev' : 'data-svc-next']: '',
        onClick: () => track.current && pageThrough(track.current, direction),
      },
      direction < 0 ? '‹' : '›',
    );
  const cards = state.items.map((item) =>
    createElement(Fragment, { key: item.id }, props.renderItem(item, state.observe(item))),
  );
  const row = createElement(
    'div',
    { id, ref: trackRef, 'data-svc-track': '', role: 'group', 'aria-label': 'Items', tabIndex: 0 },
    cards,
  );
  const region = createElement(
    'section',
    { 'data-svc-carousel': '', 'aria-roledescription': 'carousel', 'aria-label': props.label ?? 'Recommendations' },
    button(-1),
    row,
    button(1),
  );
  return createElement(Fragment, null, props.header, region);
}

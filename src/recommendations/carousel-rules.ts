// The rules every carousel of the widgets follows (the element's `layout="carousel"`,
// `@svc/react`'s `<RecommendationsCarousel>`): where a row's ends are, how it pages, its layout.

/**
 * Whether a carousel's `track` shows its first card whole (`atStart`) and its last (`atEnd`),
 * whatever the track's padding and snapping: where its previous / next button is disabled.
 */
export function carouselEnds(track: Element): { atStart: boolean; atEnd: boolean } {
  const view = track.getBoundingClientRect();
  const first = track.firstElementChild?.getBoundingClientRect();
  const last = track.lastElementChild?.getBoundingClientRect();
  return { atStart: !first || first.left >= view.left - 1, atEnd: !last || last.right <= view.right + 1 };
}

/** The track's own layout (through the CSSOM, which a strict CSP allows): one row that scrolls and snaps. */
export const TRACK_STYLE = { display: 'flex', overflowX: 'auto', scrollSnapType: 'x mandatory' } as const;

/** Each card's layout in the track: its own width, snapping at its start. */
export const CARD_STYLE = { flex: '0 0 auto', scrollSnapAlign: 'start' } as const;

/** Scrolls `track` by a page towards `direction` (-1 previous, 1 next), at once where the visitor asks for reduced motion. */
export function pageThrough(track: Element, direction: -1 | 1): void {
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  track.scrollBy({ left: direction * track.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
}

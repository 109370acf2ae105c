// `layout="carousel"` of `<svc-recommendations>`: the cards in one horizontal row that scrolls and
// snaps (CSS scroll-snap), with previous / next buttons, after the WAI-ARIA APG carousel pattern:
// a region whose `aria-roledescription` is `carousel`, buttons that say what they do and are
// disabled at the ends, a track the keyboard can focus and scroll, no autoplay, smooth scrolling
// only without `prefers-reduced-motion`. Styles are set through the CSSOM, which a strict CSP allows;
// the shop's CSS does the rest (`[data-svc-carousel]`, `[data-svc-track]`, `[data-svc-prev]`).
// Cards scrolled out of the track are not in view: `observe` reports each when it is seen.

import { CARD_STYLE, carouselEnds, pageThrough, TRACK_STYLE } from './carousel-rules';

/** The carousel's parts: `track` holds the cards. */
export interface Carousel {
  root: HTMLElement;
  track: HTMLElement;
  /** Enables or disables the buttons for the track's scroll position (after the cards change). */
  update(): void;
}

let carousels = 0;

/** A button of the carousel: `direction` -1 is previous, 1 is next. */
function button(label: string, text: string, track: HTMLElement, direction: -1 | 1): HTMLButtonElement {
  const control = document.createElement('button');
  control.type = 'button';
  control.textContent = text;
  control.setAttribute('aria-label', label);
  control.setAttribute('aria-controls', track.id);
  control.setAttribute(direction < 0 ? 'data-svc-prev' : 'data-svc-next', '');
  control.addEventListener('click', () => pageThrough(track, direction));
  return control;
}

/** Builds the carousel of an element labelled `label` (the element's `label` attribute, else "Recommendations"). */
export function createCarousel(label: string): Carousel {
  const root = document.createElement('section');
  root.setAttribute('data-svc-carousel', '');
  root.setAttribute('aria-roledescription', 'carousel');
  root.setAttribute('aria-label', label);
  const track = document.createElement('div');
  track.id = `svc-carousel-${++carousels}`;
  track.setAttribute('data-svc-track', '');
  track.setAttribute('role', 'group');
  track.setAttribute('aria-label', 'Items');
  track.tabIndex = 0; // a scrollable region the keyboard reaches: arrow keys scroll it
  Object.assign(track.style, TRACK_STYLE);
  const previous = button('Previous items', '‹', track, -1);
  const next = button('Next items', '›', track, 1);
  root.append(previous, track, next);
  const update = () => {
    for (const card of track.children) {
      Object.assign((card as HTMLElement).style, CARD_STYLE);
    }
    root.hidden = track.children.length === 0;
    const { atStart, atEnd } = carouselEnds(track);
    previous.disabled = atStart;
    next.disabled = atEnd;
  };
  track.addEventListener('scroll', update, { passive: true });
  if (typeof ResizeObserver === 'function') new ResizeObserver(update).observe(track);
  return { root, track, update };
}

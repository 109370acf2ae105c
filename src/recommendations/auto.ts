// What svc.min.js starts on its own, with the script tag's `data-tracking-id` as the default
// tracking id: the declarative mode (`data-svc-item` elements inside `data-svc-recommendations`
// containers observed from the moment the script runs) and `<svc-recommendations>`, defined once.
import { observeDeclared } from './declarative';
import { defineRecommendationsElement } from './widget';

/**
 * Set on the page by the first copy of svc.min.js that starts the declarative mode: a theme and an
 * app may both add the script tag, and a second observer would report every item twice. The
 * element is shared the same way, through its one definition in `customElements`.
 */
const DECLARATIVE = Symbol.for('svc.declarative');

if (typeof document !== 'undefined' && typeof MutationObserver === 'function') {
  const trackingId = (document.currentScript as HTMLScriptElement | null)?.dataset.trackingId;
  const page = globalThis as { [DECLARATIVE]?: true };
  if (!page[DECLARATIVE]) {
    page[DECLARATIVE] = true;
    observeDeclared(trackingId);
  }
  defineRecommendationsElement({ trackingId });
}

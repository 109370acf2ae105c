// What svc.min.js starts on its own, with the script tag's `data-tracking-id` as the default
// tracking id: the declarative mode (`data-svc-item` elements inside `data-svc-recommendations`
// containers observed from the moment the script runs) and `<svc-recommendations>`, defined once.
import { observeDeclared } from './declarative';
import { defineRecommendationsElement } from './widget';

if (typeof document !== 'undefined' && typeof MutationObserver === 'function') {
  const trackingId = (document.currentScript as HTMLScriptElement | null)?.dataset.trackingId;
  observeDeclared(trackingId);
  defineRecommendationsElement({ trackingId });
}

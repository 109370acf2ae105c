// The declarative mode's automatic start in dist/svc.min.js: `data-svc-item` elements inside
// `data-svc-recommendations` containers are observed from the moment the script runs. Containers
// without `data-svc-tracking-id` use the script tag's `data-tracking-id`.
import { observeDeclared } from './declarative';

if (typeof document !== 'undefined' && typeof MutationObserver === 'function') {
  observeDeclared((document.currentScript as HTMLScriptElement | null)?.dataset.trackingId);
}

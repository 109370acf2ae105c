// The automatic start of dist/svc.min.js: `<script src=".../svc.min.js" data-tracking-id="shop"
// data-consent="pending" data-cookie-domain="example.co.uk" data-endpoint="https://...">`.
import { createTracker, type Tracker, type TrackerOptions } from './index';

const dataset =
  typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null)?.dataset : undefined;

/** The tracker started from the script tag's `data-tracking-id`, as `window.svc.tracker`; `undefined` without one. */
export let tracker: Tracker | undefined;
if (dataset?.trackingId) {
  try {
    tracker = createTracker({
      trackingId: dataset.trackingId,
      consent: dataset.consent as TrackerOptions['consent'],
      cookieDomain: dataset.cookieDomain,
      endpoint: dataset.endpoint,
    });
  } catch (error) {
    console.error(error);
  }
}

// The automatic start of dist/svc.min.js: `<script src=".../svc.min.js" data-tracking-id="shop"
// data-consent="pending" data-cookie-domain="example.co.uk" data-endpoint="https://...">`; with a
// consent banner, `data-consent="tcf"` (`data-tcf-vendor="123"`, `data-tcf-purposes="1,5,6"`),
// `data-consent="gcm"` or `data-consent="tcf gcm"`.
import { createTracker, type Tracker, type TrackerOptions } from './index';

const dataset =
  typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null)?.dataset : undefined;

/**
 * The tracker started from the script tag's `data-tracking-id`, as `window.svc.tracker`; `undefined` without one.
 * It starts in a microtask, once svc.min.js has been evaluated and before any later script of the page runs:
 * Chromium records where in the page's scripts each `document.cookie` access comes from, and V8 then reparses every
 * function on the stack to find the position. During the evaluation that stack holds the bundle's own top-level
 * function, all of svc.min.js: reading the visitor id's cookie from there costs about 8 ms of main-thread time at
 * full CPU speed, a third of the tag's whole load (docs/performance.md).
 */
export let tracker: Tracker | undefined;
if (dataset?.trackingId) {
  const { trackingId, consent, tcfVendor, tcfPurposes, cookieDomain, endpoint } = dataset;
  queueMicrotask(() => {
    try {
      tracker = createTracker({
        trackingId,
        consent: consent as TrackerOptions['consent'],
        tcfVendorId: tcfVendor === undefined ? undefined : Number(tcfVendor),
        tcfPurposes: tcfPurposes?.split(',').map(Number),
        cookieDomain,
        endpoint,
      });
    } catch (error) {
      console.error(error);
    }
  });
}

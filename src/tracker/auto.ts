// The automatic start of dist/svc.min.js: `<script src=".../svc.min.js" data-tracking-id="shop"
// data-consent="pending" data-cookie-domain="example.co.uk" data-endpoint="https://...">`; with a
// consent banner, `data-consent="tcf"` (`data-tcf-vendor="123"`, `data-tcf-purposes="1,5,6"`),
// `data-consent="gcm"` or `data-consent="tcf gcm"`.
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
      tcfVendorId: dataset.tcfVendor === undefined ? undefined : Number(dataset.tcfVendor),
      tcfPurposes: dataset.tcfPurposes?.split(',').map(Number),
      cookieDomain: dataset.cookieDomain,
      endpoint: dataset.endpoint,
    });
  } catch (error) {
    console.error(error);
  }
}
